/**
 * Paying a weekly plan's instalment against the emulators and the Paystack sandbox: the first
 * instalment by M-Pesa prompt confirms its lessons and makes the plan active, once, though the
 * page's poll and replayed webhooks race; the ledger holds each lesson's share on its own; only the
 * plan's payer may pay, and only the next unpaid instalment; the card page pays the same way.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeLesson, getBookings, removeUnpaidBookings } from '../../functions/bookings/service.js';
import { paymentMessages } from '../../functions/bookings/contract.js';
import { planMessages } from '../../functions/plans/messages.js';
import { api, callApi, createUser, eventually, expectOk, stack, type TestUser } from '../support/api.js';
import { bookableTutor, checkoutInSandbox, getItem, paidByPrompt, paystackWebhook, postWebhook, setAttributes } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const PHONE = '0712 345 678';

type Lesson = { id: string; status: string; paymentStatus: string; scheduledAt: string; holdExpiresAt?: string };
type Plan = {
  id: string; status: string; pricePerLesson: number;
  instalments: Array<{ number: number; amount: number; chargeAt: string; bookingIds: string[]; status: string }>;
};

/** A monthly plan of `lessons` weekly lessons set up by `payer` with `tutor`, awaiting its first payment. */
async function planFor(payer: TestUser, tutor: TestUser, lessons = 6): Promise<Plan> {
  const slot = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons, skipHolidays: false } };
  const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: payer.accessToken, body: slot });
  expect(quote.status).toBe(200);
  const lessonStarts = quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
  expect(lessonStarts).toHaveLength(lessons);
  const res = await api<{ plan: Plan }>('/api/plans', {
    method: 'POST', token: payer.accessToken,
    body: { ...slot, subject: 'Mathematics', payment: 'monthly', lessonStarts, idempotencyKey: randomUUID() },
  });
  expect(res.status).toBe(201);
  expect(res.body.plan.instalments.length).toBeGreaterThan(1);
  return res.body.plan;
}

const planOf = async (user: TestUser, id: string) =>
  (await api<{ plan: Plan; lessons: Lesson[] }>(`/api/plans/${id}`, { token: user.accessToken })).body;
const prompt = (payer: TestUser, planId: string, n: number) =>
  callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId, n }, body: { phone: PHONE } });
const status = (payer: TestUser, reference: string) => api<{ state: string }>(`/api/payments/mpesa-prompts/${reference}`, { token: payer.accessToken });
/** As if the last check with Paystack was more than 10 s ago (the check is throttled per prompt). */
const checkAllowed = (reference: string) => setAttributes(`PAYMENT#${reference}`, 'PAYMENT', { promptCheckedAt: '2000-01-01T00:00:00.000Z' });

/** The payer answers the prompt on the sandbox's phone. */
async function answer(reference: string) {
  const res = await fetch(`${stack().sandboxUrls.paystack!}/mpesa/prompts/${reference}`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ answer: 'pin' }).toString(),
  });
  expect(res.status).toBe(200);
}

const ledgerEntry = (reference: string) => getItem(`LEDGER#ENTRY#payment#${reference}`, 'ENTRY');

describe('paying a weekly plan\'s instalment', () => {
  it('the first instalment by M-Pesa prompt confirms its lessons and the plan once, though the poll and replayed webhooks race; the ledger holds each lesson\'s share', async () => {
    const [tutor, parent] = await Promise.all([bookableTutor({ hourlyRate: 1500 }), createUser('student')]);
    const plan = await planFor(parent, tutor);
    const [first, second] = plan.instalments;
    const lessonMinor = Math.round(plan.pricePerLesson * 100);
    const amountMinor = lessonMinor * first!.bookingIds.length;

    const sent = await expectOk(prompt(parent, plan.id, 1), 'prompt');
    expect(sent).toMatchObject({ state: 'waiting', phone: '07•• ••• 678', message: paymentMessages.promptSent });
    const { reference } = sent;
    expect(reference).toBe(`PLAN-${plan.id}-1-1`);
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({
      purpose: 'plan', planId: plan.id, instalment: 1, bookingIds: first!.bookingIds, studentId: parent.userId, tutorId: tutor.userId, amountMinor, status: 'initialized',
    });

    await checkAllowed(reference);
    const { body, signature } = paystackWebhook({ reference, amount: amountMinor });
    const raced = await Promise.all([
      answer(reference), status(parent, reference), status(parent, reference), postWebhook(body, signature), postWebhook(body, signature),
    ]);
    for (const reply of raced.slice(1)) expect(reply!.status).toBe(200);
    await checkAllowed(reference);
    expect((await status(parent, reference)).body.state).toBe('paid');
    // Replayed once more after it settled: nothing moves again.
    expect((await postWebhook(body, signature)).status).toBe(200);

    const after = await planOf(parent, plan.id);
    expect(after.plan.status).toBe('active');
    expect(after.plan.instalments.map((i) => i.status)).toEqual(['paid', ...plan.instalments.slice(1).map(() => 'pending')]);
    const paidIds = new Set(first!.bookingIds);
    for (const lesson of after.lessons.filter((l) => paidIds.has(l.id))) expect(lesson).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // The later lessons stay held, unpaid, until the grace after their own charge date.
    const later = after.lessons.filter((l) => second!.bookingIds.includes(l.id));
    expect(later.length).toBe(second!.bookingIds.length);
    for (const lesson of later) {
      expect(lesson).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
      expect(Date.parse(lesson.holdExpiresAt!)).toBeGreaterThan(Date.parse(second!.chargeAt));
    }

    // Money moved once: one transaction record, one ledger entry, one share per lesson.
    expect(await getItem(`TXN#${reference}`, 'TXN')).toMatchObject({ planId: plan.id, amountMinor, bookingIds: first!.bookingIds });
    expect(await eventually(() => ledgerEntry(reference), 15_000)).toMatchObject({
      postings: [{ account: 'student_payments', amountMinor: -amountMinor }, { account: 'lessons_held', amountMinor }],
    });
    for (const bookingId of first!.bookingIds) {
      const share = `${reference}/${bookingId}`;
      expect(await eventually(() => getItem(`LEDGER#PAYMENT#${share}`, 'SOURCE'), 15_000)).toMatchObject({ bookingId, amountMinor: lessonMinor, stage: 'held' });
      expect(await getItem(`LEDGER#BOOKING#${bookingId}`, 'PAYMENT')).toMatchObject({ reference: share });
    }
    // A lesson taught moves only its own share.
    const taught = first!.bookingIds[0]!;
    expect(await completeLesson(taught, 'ended_by_tutor', new Date())).toBe(true);
    await eventually(() => getItem(`LEDGER#ENTRY#earned#${reference}/${taught}`, 'ENTRY'), 15_000);
    expect(await getItem(`LEDGER#PAYMENT#${reference}/${first!.bookingIds[1]!}`, 'SOURCE')).toMatchObject({ stage: 'held' });

    // Paid: the same instalment again is refused before anything is pushed.
    const again = await prompt(parent, plan.id, 1);
    expect([again.status, again.error?.message]).toEqual([409, planMessages.instalmentPaid]);
  });

  it('only the plan\'s payer may pay, and only the next unpaid instalment', async () => {
    const [tutor, parent, stranger] = await Promise.all([bookableTutor(), createUser('student'), createUser('student')]);
    const plan = await planFor(parent, tutor, 5);
    const byTutor = await callApi('payPlanInstalment', { token: tutor.accessToken, params: { planId: plan.id, n: 1 } });
    expect(byTutor.status).toBe(403);
    const byStranger = await prompt(stranger, plan.id, 1);
    expect([byStranger.status, byStranger.error?.message]).toEqual([403, planMessages.notPayer]);
    const early = await prompt(parent, plan.id, 2);
    expect([early.status, early.error?.message]).toEqual([409, planMessages.earlierUnpaid]);
    const none = await prompt(parent, plan.id, 9);
    expect([none.status, none.error?.message]).toEqual([422, planMessages.noSuchInstalment]);
    // Nothing was asked of the provider or written for any of them.
    expect(await getItem(`PAYMENT#PLAN-${plan.id}-1-1`, 'PAYMENT')).toBeUndefined();
    expect((await planOf(parent, plan.id)).plan.status).toBe('awaiting_payment');
  });

  it('the first instalment after the plan\'s 48-hour hold is refused', async () => {
    const [tutor, parent] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await planFor(parent, tutor, 5);
    await setAttributes(`PLAN#${plan.id}`, 'PLAN', { holdExpiresAt: new Date(Date.now() - 1000).toISOString() });
    const late = await callApi('payPlanInstalment', { token: parent.accessToken, params: { planId: plan.id, n: 1 } });
    expect([late.status, late.error?.message]).toEqual([422, planMessages.planHoldExpired]);
  });

  it('an instalment paid after one of its lessons lost its hour pays nothing and goes back whole, once', async () => {
    const [tutor, parent] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await planFor(parent, tutor, 5);
    const sent = await expectOk(prompt(parent, plan.id, 1), 'prompt');
    // While the family was paying, one lesson's hold was released (its hour went to someone else).
    const lost = (await getBookings([plan.instalments[0]!.bookingIds[1]!]))[0]!;
    await removeUnpaidBookings([{ booking: lost, hours: lost.lockedHours }]);

    const amountMinor = Math.round(plan.instalments[0]!.amount * 100);
    await paidByPrompt(sent.reference, amountMinor);

    expect(await getItem(`PAYMENT#${sent.reference}`, 'PAYMENT')).toMatchObject({ status: 'needs_refund' });
    const refund = await eventually(() => getItem(`PAYMENT#${sent.reference}`, 'REFUND'), 15_000);
    expect(refund).toMatchObject({ amountMinor, by: 'system', countedInRevenue: false });
    const { plan: after, lessons } = await planOf(parent, plan.id);
    expect(after.status).toBe('awaiting_payment');
    expect(after.instalments[0]!.status).toBe('pending');
    expect(lessons.every((l) => l.paymentStatus !== 'paid')).toBe(true);
    expect(await ledgerEntry(sent.reference)).toBeUndefined();
  });

  it('a term of more than 30 lessons paid up front is refused at set-up (its payment could not be confirmed at once)', async () => {
    const [tutor, student] = await Promise.all([bookableTutor(), createUser('student')]);
    const slot = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 31, skipHolidays: false } };
    const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: student.accessToken, body: slot });
    const lessonStarts = quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
    expect(lessonStarts).toHaveLength(31);
    const setUp = (payment: string) => api<{ plan: Plan; error?: { code: string; message: string } }>('/api/plans', {
      method: 'POST', token: student.accessToken, body: { ...slot, subject: 'Mathematics', payment, lessonStarts, idempotencyKey: randomUUID() },
    });
    const term = await setUp('term');
    expect([term.status, term.body.error?.code, term.body.error?.message]).toEqual([422, 'term_too_long', planMessages.termTooLong]);
    expect((await setUp('monthly')).status).toBe(201);
  });

  it('by card: the Paystack page pays the instalment, and the callback\'s verify says what was bought', async () => {
    const [tutor, student] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await planFor(student, tutor, 5);
    const { reference, authorizationUrl } = await expectOk(callApi('payPlanInstalment', { token: student.accessToken, params: { planId: plan.id, n: 1 } }), 'card');
    expect(reference).toBe(`PLAN-${plan.id}-1-1`);
    await checkoutInSandbox(authorizationUrl);
    const verified = await expectOk(callApi('verifyPayment', { token: student.accessToken, body: { reference } }), 'verify');
    expect(verified).toMatchObject({
      status: 'success', paymentStatus: 'paid', planId: plan.id, message: planMessages.planPaid,
      summary: { kind: 'plan', subject: 'Mathematics', lessonCount: plan.instalments[0]!.bookingIds.length, amountMinor: plan.instalments[0]!.bookingIds.length * Math.round(plan.pricePerLesson * 100) },
    });
    const after = await planOf(student, plan.id);
    expect(after.plan.status).toBe('active');
    expect(after.plan.instalments[0]!.status).toBe('paid');
    // A second click is a new attempt, refused now the instalment is paid.
    const again = await callApi('payPlanInstalment', { token: student.accessToken, params: { planId: plan.id, n: 1 } });
    expect(again.status).toBe(409);
  });
});
