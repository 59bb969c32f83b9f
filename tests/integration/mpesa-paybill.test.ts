/**
 * Paying by Paybill (Paystack's M-Pesa offline) after failed prompts, against the Paystack
 * sandbox: the payer is given the business number and an account reference, pays them from the
 * sandbox's Pay Bill menu, and the page's polling and the webhook both report it: one
 * confirmation, whatever races; a prompt answered late after that never buys the lesson twice.
 */
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../functions/bookings/contract.js';
import { api, createUser, eventually, stack, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, paystackWebhook, postWebhook, setAttributes } from '../support/fixtures.js';
import { platformCounters } from '../support/stats.js';

const PHONE = '0712 345 678';

async function unpaidBooking(rate: number) {
  const tutor = await bookableTutor({ hourlyRate: rate });
  const student = await createUser('student');
  const [start] = await freeStarts(tutor.userId);
  const { booking } = (await book(student, tutor.userId, start!)).body;
  return { student, booking };
}

const send = (student: TestUser, bookingId: string, method?: 'paybill') =>
  api('/api/payments/mpesa-prompts', { method: 'POST', token: student.accessToken, body: { bookingId, phone: PHONE, ...(method ? { method } : {}) } });
const status = (student: TestUser, reference: string) =>
  api(`/api/payments/mpesa-prompts/${reference}`, { token: student.accessToken });

async function answer(reference: string, how: 'pin' | 'cancel' | 'unreachable') {
  const res = await fetch(`${stack().sandboxUrls.paystack!}/mpesa/prompts/${reference}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ answer: how }).toString(),
  });
  expect(res.status).toBe(200);
}

/** The payer pays the Paybill number from the sandbox's M-Pesa menu. */
async function payBill(businessNumber: string, accountReference: string) {
  return fetch(`${stack().sandboxUrls.paystack!}/mpesa/paybill`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ business_number: businessNumber, account_number: accountReference }).toString(),
  });
}

const checkAllowed = (reference: string) => setAttributes(`PAYMENT#${reference}`, 'PAYMENT', { promptCheckedAt: '2000-01-01T00:00:00.000Z' });
const revenue = async () => (await platformCounters()).revenueMinor ?? 0;

describe('paying by Paybill after failed prompts', () => {
  it('gives the business number and account reference, waits past the prompt timeout, and pays once though the poll and the webhook race', async () => {
    const { student, booking } = await unpaidBooking(1800);
    const before = await revenue();
    for (const how of ['cancel', 'unreachable'] as const) {
      const { reference } = (await send(student, booking.id)).body;
      await answer(reference, how);
    }
    const sent = await send(student, booking.id, 'paybill');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ state: 'waiting', message: paymentMessages.paybillWaiting, paybill: { businessNumber: '4084333' } });
    const { reference, paybill } = sent.body as { reference: string; paybill: { businessNumber: string; accountReference: string } };
    expect(paybill.accountReference).toMatch(/^\d{7}$/);
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ amountMinor: 180_000, status: 'initialized', paybillAccount: paybill.accountReference });

    // Paying from the menu takes longer than a prompt: no 2-minute timeout, and the details stay on the page.
    await setAttributes(`PAYMENT#${reference}`, 'PAYMENT', { promptedAt: new Date(Date.now() - 10 * 60_000).toISOString() });
    await checkAllowed(reference);
    expect((await status(student, reference)).body).toMatchObject({ state: 'waiting', paybill });

    // A wrong account number pays nothing.
    expect((await payBill('4084333', '1')).status).toBe(404);
    await checkAllowed(reference);
    const polls = await Promise.all([
      payBill(paybill.businessNumber, paybill.accountReference), status(student, reference), status(student, reference), status(student, reference),
    ]);
    expect(polls[0]!.status).toBe(200);
    const { body, signature } = paystackWebhook({ reference, amount: 180_000 });
    expect((await postWebhook(body, signature)).status).toBe(200);
    await checkAllowed(reference);
    expect((await status(student, reference)).body.state).toBe('paid');

    const paid = await api(`/api/bookings/${booking.id}`, { token: student.accessToken });
    expect(paid.body.booking ?? paid.body).toMatchObject({ paymentStatus: 'paid' });
    await eventually(async () => await revenue() === before + 180_000, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await revenue()).toBe(before + 180_000);
  });

  it('a prompt answered with the PIN after the Paybill payment does not buy the lesson twice: it is flagged to go back', async () => {
    const { student, booking } = await unpaidBooking(1200);
    const before = await revenue();
    const late = (await send(student, booking.id)).body.reference as string;
    const bill = (await send(student, booking.id, 'paybill')).body as { reference: string; paybill: { businessNumber: string; accountReference: string } };
    expect((await payBill(bill.paybill.businessNumber, bill.paybill.accountReference)).status).toBe(200);
    await eventually(async () => (await getItem(`PAYMENT#${bill.reference}`, 'PAYMENT'))?.status === 'success', 15_000);

    await answer(late, 'pin');
    await checkAllowed(late);
    await status(student, late);
    await eventually(async () => (await getItem(`PAYMENT#${late}`, 'PAYMENT'))?.status === 'duplicate', 15_000);
    const paid = await api(`/api/bookings/${booking.id}`, { token: student.accessToken });
    expect(paid.body.booking ?? paid.body).toMatchObject({ paymentStatus: 'paid' });
    await eventually(async () => await revenue() === before + 120_000, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await revenue()).toBe(before + 120_000);
  });

  it('the sandbox refuses a wrong business number', async () => {
    expect((await payBill('123456', '1000000')).status).toBe(400);
  });
});
