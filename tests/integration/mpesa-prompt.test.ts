/**
 * Paying for a lesson by M-Pesa prompt against the Paystack sandbox: the prompt is answered on
 * the sandbox's phone as a payer would (PIN, cancel, unreachable, not enough balance, or not at
 * all), and the page's polling and the webhook both report it: one confirmation, whatever races.
 */
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../functions/bookings/contract.js';
import { api, createUser, eventually, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, paystackWebhook, postWebhook, setAttributes } from '../support/fixtures.js';
import { platformCounters } from '../support/stats.js';

const PHONE = '0712 345 678';

async function unpaidBooking(rate = 1500) {
  const tutor = await bookableTutor({ hourlyRate: rate });
  const student = await createUser('student');
  const [start] = await freeStarts(tutor.userId);
  const { booking } = (await book(student, tutor.userId, start!)).body;
  return { tutor, student, booking };
}

const prompt = (student: TestUser, bookingId: string, phone = PHONE, headers: Record<string, string> = {}) =>
  api('/api/payments/mpesa-prompts', { method: 'POST', token: student.accessToken, body: { bookingId, phone }, headers });
const status = (student: TestUser, reference: string) =>
  api(`/api/payments/mpesa-prompts/${reference}`, { token: student.accessToken });

/** The payer answers the prompt on the sandbox's phone. */
async function answer(reference: string, how: 'pin' | 'cancel' | 'unreachable' | 'insufficient') {
  const res = await fetch(`${stack().sandboxUrls.paystack!}/mpesa/prompts/${reference}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ answer: how }).toString(),
  });
  expect(res.status).toBe(200);
}

/** As if the last check with Paystack was more than 10 s ago (the check is throttled per prompt). */
const checkAllowed = (reference: string) => setAttributes(`PAYMENT#${reference}`, 'PAYMENT', { promptCheckedAt: '2000-01-01T00:00:00.000Z' });

const revenue = async () => (await platformCounters()).revenueMinor ?? 0;

describe('paying by M-Pesa prompt', () => {
  it('pushes the prompt to the number given and waits; a PIN pays the booking once, though the poll and the webhook race', async () => {
    const { student, booking } = await unpaidBooking(2000);
    const before = await revenue();
    const sent = await prompt(student, booking.id);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: 'waiting', phone: '07•• ••• 678', message: paymentMessages.promptSent });
    const reference = sent.body.reference as string;
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ amountMinor: 200_000, status: 'initialized', channel: 'mobile_money' });
    // The sandbox's phone shows the prompt for that number, with the amount.
    const phonePage = await (await fetch(`${stack().sandboxUrls.paystack!}/mpesa/254712345678`)).text();
    expect(phonePage).toContain('KES 2,000.00');

    await checkAllowed(reference);
    const polls = await Promise.all([answer(reference, 'pin'), status(student, reference), status(student, reference), status(student, reference)]);
    for (const poll of polls.slice(1)) expect(poll!.status).toBe(200);
    // A replayed webhook moves nothing either.
    const { body, signature } = paystackWebhook({ reference, amount: 200_000 });
    expect((await postWebhook(body, signature)).status).toBe(200);
    await checkAllowed(reference);
    expect((await status(student, reference)).body.state).toBe('paid');

    const paid = await api(`/api/bookings/${booking.id}`, { token: student.accessToken });
    expect(paid.body.booking ?? paid.body).toMatchObject({ paymentStatus: 'paid' });
    await eventually(async () => await revenue() === before + 200_000, 15_000);
    // Settled: nothing more arrives later.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await revenue()).toBe(before + 200_000);
  });

  it('asks Paystack at most every 10 s: an answer on the phone shows at the first check after that', async () => {
    const { student, booking } = await unpaidBooking();
    const { reference } = (await prompt(student, booking.id)).body;
    expect((await status(student, reference)).body.state).toBe('waiting');
    await answer(reference, 'cancel');
    // Asked a moment ago: not asked again yet.
    expect((await status(student, reference)).body.state).toBe('waiting');
    await checkAllowed(reference);
    expect((await status(student, reference)).body.state).toBe('cancelled');
  });

  it('says why a prompt failed (cancelled, unreachable, not enough balance), and a new prompt after a cancel pays once', async () => {
    const { student, booking } = await unpaidBooking(1000);
    const before = await revenue();
    for (const [how, state] of [['cancel', 'cancelled'], ['unreachable', 'unreachable'], ['insufficient', 'insufficient_funds']] as const) {
      const { reference } = (await prompt(student, booking.id)).body;
      await answer(reference, how);
      await checkAllowed(reference);
      expect((await status(student, reference)).body).toMatchObject({ state, reference });
    }
    const again = (await prompt(student, booking.id)).body;
    expect(again.state).toBe('waiting');
    await answer(again.reference, 'pin');
    await checkAllowed(again.reference);
    expect((await status(student, again.reference)).body.state).toBe('paid');
    await eventually(async () => await revenue() === before + 100_000, 15_000);
    // Paid: another prompt is refused before anything is pushed.
    const late = await prompt(student, booking.id);
    expect([late.status, late.body.error.code]).toEqual([409, 'already_paid']);
  });

  it('gives up waiting after 2 minutes without an answer, and the payer may send it again', async () => {
    const { student, booking } = await unpaidBooking();
    const { reference } = (await prompt(student, booking.id)).body;
    await setAttributes(`PAYMENT#${reference}`, 'PAYMENT', { promptedAt: new Date(Date.now() - 121_000).toISOString() });
    await checkAllowed(reference);
    expect((await status(student, reference)).body.state).toBe('timeout');
    expect((await prompt(student, booking.id)).body.state).toBe('waiting');
  });

  it('refuses a number that is not a Kenyan mobile (in Kiswahili when asked), and another payer\'s booking or prompt', async () => {
    const { student, booking } = await unpaidBooking();
    const bad = await prompt(student, booking.id, '0812 345 678');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(paymentMessages.phoneInvalid);
    const sw = await prompt(student, booking.id, '12345', { 'accept-language': 'sw' });
    expect(JSON.stringify(sw.body)).toContain('Weka nambari ya M-Pesa ya Safaricom');

    const stranger = await createUser('student');
    expect((await prompt(stranger, booking.id)).status).toBe(403);
    const { reference } = (await prompt(student, booking.id)).body;
    expect((await status(stranger, reference)).status).toBe(404);
  });
});
