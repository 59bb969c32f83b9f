/**
 * A family pauses weeks of its weekly plan, against the emulators and the Paystack sandbox: what a
 * pause would do is quoted first; pausing a paid week refunds exactly that week's lesson share,
 * once (through the sandbox, the ledger recording it once), and leaves the other weeks as they
 * were; pausing the same week again refuses; the family and the tutor get one e-mail each and no
 * lesson's own e-mail; a later instalment then charges only the lessons it still holds, and one
 * the pause emptied is never charged; only the plan's payer pauses it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { planMessages } from '../../functions/plans/messages.js';
import { callApi, createUser, eventually, expectOk, sentEmails, stack, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidFirstInstalmentByCard, paystackWebhook, postWebhook, waitUntilDone, weeklyPlan } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

type PlanLessons = { lessons: Array<{ bookingId: string; start: string }> };
/** The plan's week of a lesson: its date on the plan's clock (Nairobi), the day the family picks. */
const weekOf = (start: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(start));
const quote = (user: TestUser, planId: string, from: string, weeks: number) => callApi('planPause', { token: user.accessToken, params: { planId }, query: { from, weeks } });
const pause = (user: TestUser, planId: string, from: string, weeks: number, reason?: string) =>
  callApi('pausePlan', { token: user.accessToken, params: { planId }, body: { from, weeks, ...(reason ? { reason } : {}) } });
async function sandboxRefunds(reference: string): Promise<number[]> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as { transactions: Array<{ reference: string; refunds: Array<{ amount: number }> }> };
  return (debug.transactions.find((t) => t.reference === reference)?.refunds ?? []).map((r) => r.amount);
}
const mailsTo = async (email: string, subject: RegExp) => (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(email) && subject.test(m.subject));

describe('a family pauses weeks of its weekly plan', () => {
  it('pausing a paid week refunds exactly that lesson\'s share once, tells each party once, and the same week again has nothing to pause', async () => {
    const [tutor, payer] = await Promise.all([bookableTutor({ firstName: 'Wanjiru' }), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    const reference = await paidFirstInstalmentByCard(payer, plan.id);
    const second = plan.instalments[0]!.bookingIds[1]!;
    const from = weekOf(plan.lessons.find((l) => l.bookingId === second)!.start);

    const quoted = await expectOk(quote(payer, plan.id, from, 1), 'quote');
    expect(quoted.pause.refunded.map((l) => l.bookingId)).toEqual([second]);
    expect(quoted.pause).toMatchObject({ refundAmount: plan.pricePerLesson, kept: [], released: [], weeks: 1 });

    const paused = await expectOk(pause(payer, plan.id, from, 1, 'Family visit upcountry'), 'pause');
    expect(paused.plan.status).toBe('active');
    expect(paused.plan.pauses).toHaveLength(1);
    expect(paused.plan.pauses![0]).toMatchObject({ ...quoted.pause, reason: 'Family visit upcountry' });

    // Exactly that lesson's share, through the sandbox and into the ledger, once.
    const shareMinor = Math.round(plan.pricePerLesson * 100);
    const refund = await eventually(async () => { const r = await getItem(`PAYMENT#${reference}`, `REFUND#${second}`); return r?.status === 'processed' ? r : undefined; }, 30_000);
    expect(refund).toMatchObject({ amountMinor: shareMinor, by: 'student' });
    const entry = await eventually(() => getItem(`LEDGER#ENTRY#refund#${reference}/${second}`, 'ENTRY'), 15_000);
    expect(entry).toMatchObject({ postings: [{ account: 'lessons_held', amountMinor: -shareMinor }, { account: 'refunds', amountMinor: shareMinor }] });
    expect(await sandboxRefunds(reference)).toEqual([shareMinor]);

    // The paused week's lesson is cancelled; every other week is as it was.
    const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
    for (const l of detail.lessons) {
      if (l.id === second) expect(l).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      else expect(l.status).not.toBe('cancelled');
    }

    // The same week again: nothing left to pause, and nothing more refunded.
    const again = await pause(payer, plan.id, from, 1);
    expect([again.status, again.error?.code, again.error?.message]).toEqual([422, 'nothing_to_pause', planMessages.nothingToPause]);
    const pausedAt = paused.plan.pauses![0]!.at;
    await waitUntilDone(`plan-paused#${plan.id}#${pausedAt}#family`);
    await waitUntilDone(`plan-paused#${plan.id}#${pausedAt}#tutor`);
    await waitUntilDone(`refund-processed#${reference}#${second}`);
    expect(await sandboxRefunds(reference)).toHaveLength(1);
    expect(await getItem(`LEDGER#PAYMENT#${reference}/${second}`, 'SOURCE')).toMatchObject({ stage: 'refunded', refundedMinor: shareMinor });

    // One e-mail each; no lesson's own cancellation or refund e-mail.
    const [family, toTutor] = [await mailsTo(payer.email, /^Paused: weekly/), await mailsTo(tutor.email, /^Paused: weekly/)];
    expect(family).toHaveLength(1);
    expect(family[0]!.body).toContain(`KSh ${plan.pricePerLesson.toLocaleString('en-KE')} is refunded`);
    expect(toTutor).toHaveLength(1);
    expect(toTutor[0]!.body).toContain('Family visit upcountry');
    expect(await mailsTo(payer.email, /^Cancelled:/)).toHaveLength(0);
    expect(await mailsTo(tutor.email, /^Cancelled:/)).toHaveLength(0);
    expect(await mailsTo(payer.email, /^Refund processed/)).toHaveLength(0);
  });

  it('the next instalment charges only the lessons the pause left it, and one it emptied is never charged', async () => {
    const [tutor, payer] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    await paidFirstInstalmentByCard(payer, plan.id);
    const [held, ...rest] = plan.instalments[1]!.bookingIds;
    const startOf = (id: string) => plan.lessons.find((l) => l.bookingId === id)!.start;

    const paused = await expectOk(pause(payer, plan.id, weekOf(startOf(held!)), 1), 'pause one held week');
    expect(paused.plan.pauses![0]).toMatchObject({ refunded: [], refundAmount: 0, released: [{ bookingId: held }] });
    const shareMinor = Math.round(plan.pricePerLesson * 100);
    expect(paused.plan.instalments[1]).toMatchObject({ bookingIds: rest, amount: (shareMinor * rest.length) / 100, status: 'pending' });

    const sent = await expectOk(callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n: 2 }, body: { phone: '0712 345 678' } }), 'prompt');
    expect(await getItem(`PAYMENT#${sent.reference}`, 'PAYMENT')).toMatchObject({ instalment: 2, bookingIds: rest, amountMinor: shareMinor * rest.length });
    const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
    expect(detail.lessons.find((l) => l.id === held)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });

    // Pausing the rest of that month leaves its instalment nothing: it is skipped, never charged.
    const emptied = await expectOk(pause(payer, plan.id, weekOf(startOf(rest[0]!)), rest.length), 'pause the rest');
    expect(emptied.plan.instalments[1]).toMatchObject({ bookingIds: [], amount: 0, status: 'skipped' });
    const pay = await callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n: 2 }, body: { phone: '0712 345 678' } });
    expect([pay.status, pay.error?.code]).toEqual([422, 'instalment_skipped']);
    // The prompt asked before the pause lands now: its lessons are no longer held, so it is not taken as paying them.
    const { body, signature } = paystackWebhook({ reference: sent.reference, amount: shareMinor * rest.length });
    expect((await postWebhook(body, signature)).status).toBe(200);
    const after = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'after');
    expect(after.plan.instalments[1]!.status).toBe('skipped');
    for (const id of rest) expect(after.lessons.find((l) => l.id === id)?.status).toBe('cancelled');
  });

  it('only the payer pauses; nothing paid, weeks outside the plan, an unknown or a declined plan are refused', async () => {
    const [tutor, payer, stranger] = await Promise.all([bookableTutor(), createUser('student'), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    const first = weekOf(plan.lessons[0]!.start);

    const byStranger = await pause(stranger, plan.id, first, 1);
    expect([byStranger.status, byStranger.error?.message]).toEqual([403, planMessages.notPayerPause]);
    expect((await quote(stranger, plan.id, first, 1)).status).toBe(403);
    expect((await pause(tutor, plan.id, first, 1)).status).toBe(403);
    expect((await pause(payer, randomUUID(), first, 1)).status).toBe(404);

    const unpaid = await pause(payer, plan.id, first, 1);
    expect([unpaid.status, unpaid.error?.code]).toEqual([422, 'plan_not_paid']);
    const badWeeks = await pause(payer, plan.id, first, 0);
    expect(badWeeks.status).toBe(400);

    await expectOk(callApi('declinePlan', { token: tutor.accessToken, params: { planId: plan.id }, body: {} }), 'decline');
    const declined = await pause(payer, plan.id, first, 1);
    expect([declined.status, declined.error?.code]).toEqual([409, 'plan_declined']);

    const [tutor2, payer2] = await Promise.all([bookableTutor(), createUser('student')]);
    const paid = await weeklyPlan(payer2, tutor2.userId) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    await paidFirstInstalmentByCard(payer2, paid.id);
    const before = weekOf(new Date(Date.parse(paid.lessons[0]!.start) - 7 * 86_400_000).toISOString());
    const outside = await quote(payer2, paid.id, before, 1);
    expect([outside.status, outside.error?.code, outside.error?.message]).toEqual([422, 'weeks_outside_plan', planMessages.weeksOutsidePlan]);
    const tooLong = await pause(payer2, paid.id, weekOf(paid.lessons.at(-1)!.start), 2);
    expect([tooLong.status, tooLong.error?.code]).toEqual([422, 'weeks_outside_plan']);
  });
});
