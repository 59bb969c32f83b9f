/**
 * A family ends its weekly plan, against the emulators and the Paystack sandbox: what it would do
 * is quoted first; ending refunds each paid lesson outside the free-cancellation window its share,
 * once (ending twice refunds nothing more), keeps the paid one inside it, releases the unpaid
 * holds of the next month (their hours free again); the family and the tutor get one e-mail each
 * and no lesson's own cancellation e-mail; a payment of the next month that lands after the ending
 * goes back whole; only the plan's payer ends it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { planMessages } from '../../functions/plans/messages.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, stack, type TestUser } from '../support/api.js';
import { bookableTutor, checkoutInSandbox, getItem, moveLesson, paystackWebhook, postWebhook, setAttributes, waitUntilDone } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

type Plan = {
  id: string; status: string; pricePerLesson: number; endedAt?: string;
  lessons: Array<{ bookingId: string; start: string }>; instalments: Array<{ number: number; bookingIds: string[]; amount: number; status: string }>;
};
const SLOT = { dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 8, skipHolidays: false } } as const;

async function freeStartsFor(user: TestUser, tutor: TestUser): Promise<string[]> {
  const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: user.accessToken, body: { ...SLOT, tutorId: tutor.userId } });
  return quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
}

/** Eight Mondays paid by the month: two instalments of four. */
async function planOf(payer: TestUser, tutor: TestUser): Promise<Plan> {
  const lessonStarts = await freeStartsFor(payer, tutor);
  expect(lessonStarts).toHaveLength(8);
  const made = await api<{ plan: Plan }>('/api/plans', {
    method: 'POST', token: payer.accessToken, body: { ...SLOT, tutorId: tutor.userId, subject: 'Mathematics', payment: 'monthly', lessonStarts, idempotencyKey: randomUUID() },
  });
  expect(made.status).toBe(201);
  expect(made.body.plan.instalments.map((i) => i.bookingIds.length)).toEqual([4, 4]);
  return made.body.plan;
}

async function payByPrompt(payer: TestUser, plan: Plan, n: number): Promise<string> {
  const sent = await expectOk(callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n }, body: { phone: '0712 345 678' } }), `prompt ${n}`);
  return sent.reference;
}
async function answerPrompt(reference: string, amountMinor: number): Promise<void> {
  const answered = await fetch(`${stack().sandboxUrls.paystack!}/mpesa/prompts/${reference}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ answer: 'pin' }).toString(),
  });
  expect(answered.status).toBe(200);
  const { body, signature } = paystackWebhook({ reference, amount: amountMinor });
  expect((await postWebhook(body, signature)).status).toBe(200);
}

const end = (user: TestUser, planId: string, reason?: string) => callApi('endPlan', { token: user.accessToken, params: { planId }, body: reason ? { reason } : {} });
const lessonRefund = (reference: string, bookingId: string) => getItem(`PAYMENT#${reference}`, `REFUND#${bookingId}`);
async function sandboxRefunds(reference: string): Promise<number[]> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as { transactions: Array<{ reference: string; refunds: Array<{ amount: number }> }> };
  return (debug.transactions.find((t) => t.reference === reference)?.refunds ?? []).map((r) => r.amount);
}
const mailsTo = async (email: string, subject: RegExp) => (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(email) && subject.test(m.subject));

describe('a family ends its weekly plan', () => {
  it('refunds the paid lessons outside the window once, keeps the one inside it, releases next month\'s holds, and tells each party once', async () => {
    const [tutor, payer, other] = await Promise.all([bookableTutor({ firstName: 'Wanjiru' }), createUser('student'), createUser('student')]);
    const plan = await planOf(payer, tutor);
    const { reference, authorizationUrl } = await expectOk(callApi('payPlanInstalment', { token: payer.accessToken, params: { planId: plan.id, n: 1 } }), 'card');
    await checkoutInSandbox(authorizationUrl);
    await expectOk(callApi('verifyPayment', { token: payer.accessToken, body: { reference } }), 'verify');
    const [first, ...paidLater] = plan.instalments[0]!.bookingIds;
    const nextMonth = plan.instalments[1]!.bookingIds;
    // The first paid lesson is six hours away: inside the free-cancellation window.
    await moveLesson(first!, new Date(Date.now() + 6 * 3_600_000).toISOString());
    const startOf = (id: string) => plan.lessons.find((l) => l.bookingId === id)!.start;

    // What ending would do, before the family confirms.
    const quote = await expectOk(callApi('planEnding', { token: payer.accessToken, params: { planId: plan.id } }), 'quote');
    expect(quote.ending.refunded.map((l) => l.bookingId)).toEqual(paidLater);
    expect(quote.ending.refundAmount).toBe(3 * plan.pricePerLesson);
    expect(quote.ending.kept.map((l) => l.bookingId)).toEqual([first]);
    expect(quote.ending.released.map((l) => l.bookingId)).toEqual(nextMonth);

    const ended = await expectOk(end(payer, plan.id, 'We are moving to Mombasa'), 'end');
    expect(ended.plan).toMatchObject({ status: 'ended', endReason: 'We are moving to Mombasa', ending: quote.ending });

    // Each refunded lesson's share goes back once; the kept lesson stays paid; next month's holds are gone.
    const shareMinor = Math.round(plan.pricePerLesson * 100);
    for (const id of paidLater) {
      const refund = await eventually(async () => { const r = await lessonRefund(reference, id); return r?.status === 'processed' ? r : undefined; }, 30_000);
      expect(refund).toMatchObject({ amountMinor: shareMinor, by: 'student' });
    }
    expect(await sandboxRefunds(reference)).toEqual([shareMinor, shareMinor, shareMinor]);
    const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
    const lesson = (id: string) => detail.lessons.find((l) => l.id === id);
    expect(lesson(first!)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    for (const id of paidLater) expect(lesson(id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    for (const id of nextMonth) expect(lesson(id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });

    // Another family sees the tutor's hours free again: every lesson but the kept one's hour.
    const freeNow = await freeStartsFor(other, tutor);
    for (const id of [...paidLater, ...nextMonth]) expect(freeNow).toContain(startOf(id));
    expect(freeNow).not.toContain(startOf(first!));

    // Ending again finishes nothing new and refunds nothing more.
    expect((await expectOk(end(payer, plan.id), 'again')).plan).toMatchObject({ status: 'ended', endedAt: ended.plan.endedAt });
    await waitUntilDone(`plan-ended#${plan.id}#family`);
    await waitUntilDone(`plan-ended#${plan.id}#tutor`);
    expect(await sandboxRefunds(reference)).toHaveLength(3);

    // One e-mail each, with the refund in KES and the kept lesson; no lesson's own cancellation e-mail.
    const [family, toTutor] = [await mailsTo(payer.email, /^Ended: weekly/), await mailsTo(tutor.email, /^Ended: weekly/)];
    expect(family).toHaveLength(1);
    expect(family[0]!.body).toContain(`3 paid lessons that had not started are cancelled, and KSh ${(3 * plan.pricePerLesson).toLocaleString('en-KE')} is refunded`);
    expect(family[0]!.body).toContain('go ahead as booked and the tutor is paid');
    expect(toTutor).toHaveLength(1);
    expect(toTutor[0]!.body).toContain('We are moving to Mombasa');
    expect(await mailsTo(payer.email, /^Cancelled:/)).toHaveLength(0);
    expect(await mailsTo(tutor.email, /^Cancelled:/)).toHaveLength(0);
    // Nor one per refunded lesson when Paystack has processed it (each refund's consumer has run by now).
    for (const id of paidLater) await waitUntilDone(`refund-processed#${reference}#${id}`);
    expect(await mailsTo(payer.email, /^Refund processed/)).toHaveLength(0);

    // Nothing of an ended plan can be paid.
    const pay = await callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n: 2 }, body: { phone: '0712 345 678' } });
    expect([pay.status, pay.error?.message]).toEqual([422, planMessages.planEnded]);
  });

  it('a payment of the next month that lands after the ending goes back whole, and pays nothing', async () => {
    const [tutor, payer] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await planOf(payer, tutor);
    await answerPrompt(await payByPrompt(payer, plan, 1), Math.round(plan.instalments[0]!.amount * 100));
    // The family starts paying the second month, then ends the plan before answering the prompt.
    const late = await payByPrompt(payer, plan, 2);
    const ended = await expectOk(end(payer, plan.id), 'end');
    expect(ended.plan.ending?.released.map((l) => l.bookingId)).toEqual(plan.instalments[1]!.bookingIds);
    const amountMinor = Math.round(plan.instalments[1]!.amount * 100);
    await answerPrompt(late, amountMinor);

    expect(await getItem(`PAYMENT#${late}`, 'PAYMENT')).toMatchObject({ status: 'needs_refund' });
    const refund = await eventually(() => getItem(`PAYMENT#${late}`, 'REFUND'), 15_000);
    expect(refund).toMatchObject({ amountMinor, by: 'system', forBooking: false, countedInRevenue: false, reason: 'Paid after the family ended the weekly plan' });
    const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
    expect(detail.plan).toMatchObject({ status: 'ended' });
    expect(detail.plan.instalments[1]!.status).toBe('pending');
    for (const id of plan.instalments[1]!.bookingIds) expect(detail.lessons.find((l) => l.id === id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await getItem(`TXN#${late}`, 'TXN')).toBeUndefined();
  });

  it('an ending whose process died after recording it and one cancel is finished by ending again, each share refunded once', async () => {
    const [tutor, payer] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await planOf(payer, tutor);
    const { reference, authorizationUrl } = await expectOk(callApi('payPlanInstalment', { token: payer.accessToken, params: { planId: plan.id, n: 1 } }), 'card');
    await checkoutInSandbox(authorizationUrl);
    await expectOk(callApi('verifyPayment', { token: payer.accessToken, body: { reference } }), 'verify');
    const { ending } = await expectOk(callApi('planEnding', { token: payer.accessToken, params: { planId: plan.id } }), 'quote');
    expect(ending.refunded.length).toBeGreaterThanOrEqual(3);
    // As the first call left it: the plan ended with its decision, one lesson cancelled (and its refund asked), then the process died.
    const endedAt = new Date().toISOString();
    await setAttributes(`PLAN#${plan.id}`, 'PLAN', { status: 'ended', endedAt, ending });
    const [done, ...left] = ending.refunded.map((l) => l.bookingId);
    await expectOk(callApi('cancelBooking', { token: payer.accessToken, params: { bookingId: done! }, body: {} }), 'the one cancel');

    const again = await expectOk(end(payer, plan.id), 'again');
    expect(again.plan).toMatchObject({ status: 'ended', endedAt, ending });
    const shareMinor = Math.round(plan.pricePerLesson * 100);
    for (const id of [done!, ...left]) {
      await eventually(async () => (await lessonRefund(reference, id))?.status === 'processed', 30_000);
    }
    expect(await sandboxRefunds(reference)).toEqual(ending.refunded.map(() => shareMinor));
    const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
    for (const { bookingId } of [...ending.refunded, ...ending.released]) expect(detail.lessons.find((l) => l.id === bookingId)?.status).toBe('cancelled');
    await waitUntilDone(`plan-ended#${plan.id}#family`);
    expect(await mailsTo(payer.email, /^Ended: weekly/)).toHaveLength(1);
  });

  it('only the plan\'s payer ends it; an unknown plan is 404, a declined one 409', async () => {
    const [tutor, payer, stranger] = await Promise.all([bookableTutor(), createUser('student'), createUser('student')]);
    const plan = await planOf(payer, tutor);
    const byStranger = await end(stranger, plan.id);
    expect([byStranger.status, byStranger.error?.message]).toEqual([403, planMessages.notPayerEnd]);
    expect((await callApi('planEnding', { token: stranger.accessToken, params: { planId: plan.id } })).status).toBe(403);
    expect((await end(tutor, plan.id)).status).toBe(403);
    expect((await end(payer, randomUUID())).status).toBe(404);
    expect((await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail')).plan.status).toBe('awaiting_payment');

    await expectOk(callApi('declinePlan', { token: tutor.accessToken, params: { planId: plan.id }, body: {} }), 'decline');
    const declined = await end(payer, plan.id);
    expect([declined.status, declined.error?.code]).toEqual([409, 'plan_declined']);
  });
});
