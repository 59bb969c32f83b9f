/**
 * A family changes the weekday and time of its weekly plan, against the emulators and the Paystack
 * sandbox: the quote lists what moves and what stays; the change moves exactly the remaining
 * lessons (paid ones keeping their payment) and the tutor's calendar with them; a clash in a later
 * week is reported before anything changes, and nothing changed; dropping that paid week refunds
 * its share once; only the plan's payer changes it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { planMessages } from '../../functions/plans/messages.js';
import { callApi, createUser, eventually, expectOk, stack, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidFirstInstalmentByCard, weeklyPlan } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

type PlanLessons = { lessons: Array<{ bookingId: string; start: string }> };
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The plan's Monday 17:00 (Nairobi) lesson's Thursday 16:00 in the same week: 3 days on, one hour earlier. */
const thursdayOf = (start: string) => new Date(Date.parse(start) + 3 * DAY_MS - HOUR_MS).toISOString();
const quote = (user: TestUser, planId: string) => callApi('planSlot', { token: user.accessToken, params: { planId }, query: { weekday: 4, time: '16:00' } });
const change = (user: TestUser, planId: string, drop: string[] = []) =>
  callApi('changePlanSlot', { token: user.accessToken, params: { planId }, body: { weekday: 4, time: '16:00', drop } });
async function sandboxRefunds(reference: string): Promise<number[]> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as { transactions: Array<{ reference: string; refunds: Array<{ amount: number }> }> };
  return (debug.transactions.find((t) => t.reference === reference)?.refunds ?? []).map((r) => r.amount);
}
const lessonsOf = async (payer: TestUser, planId: string) => (await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId } }), 'detail')).lessons;

describe('a family changes the slot of its weekly plan', () => {
  it('moves exactly the remaining lessons and the tutor\'s calendar; paid ones keep their payment; told once', async () => {
    const [tutor, payer] = await Promise.all([bookableTutor({ firstName: 'Achieng' }), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId, 6) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    await paidFirstInstalmentByCard(payer, plan.id);
    const before = await lessonsOf(payer, plan.id);

    const quoted = await expectOk(quote(payer, plan.id), 'quote');
    expect(quoted.slot.clashes).toEqual([]);
    // Every lesson either moves to the Thursday of its week or stays (only one inside the window may).
    expect([...quoted.slot.moved.map((m) => m.bookingId), ...quoted.slot.stays.map((s) => s.bookingId)].sort()).toEqual(before.map((l) => l.id).sort());
    for (const m of quoted.slot.moved) expect(m.to).toBe(thursdayOf(m.from));
    for (const s of quoted.slot.stays) expect(Date.parse(s.start)).toBeLessThan(Date.now() + 12 * HOUR_MS);

    const changed = await expectOk(change(payer, plan.id), 'change');
    expect(changed.plan).toMatchObject({ dayOfWeek: 4, startTime: '16:00', status: 'active' });
    expect(changed.plan.slotChanges).toHaveLength(1);
    const after = await lessonsOf(payer, plan.id);
    for (const m of quoted.slot.moved) {
      const was = before.find((l) => l.id === m.bookingId)!;
      expect(after.find((l) => l.id === m.bookingId)).toMatchObject({ scheduledAt: m.to, status: was.status, paymentStatus: was.paymentStatus, totalAmount: was.totalAmount });
    }
    for (const s of quoted.slot.stays) expect(after.find((l) => l.id === s.bookingId)!.scheduledAt).toBe(s.start);

    // The tutor's calendar: the new hours are held by the plan's lessons, the old ones are free again.
    for (const m of quoted.slot.moved) {
      expect(await getItem(`TUTOR#${tutor.userId}`, `LOCK#${m.to}`)).toMatchObject({ bookingId: m.bookingId });
      expect(await getItem(`TUTOR#${tutor.userId}`, `LOCK#${m.from}`)).toBeUndefined();
    }
    const tutorView = await expectOk(callApi('tutorPlans', { token: tutor.accessToken }), 'tutor plans');
    const seen = tutorView.plans.find((p) => p.plan.id === plan.id)!;
    for (const m of quoted.slot.moved) expect(seen.lessons.find((l) => l.id === m.bookingId)!.scheduledAt).toBe(m.to);
    // The same instalments, the same amounts: nothing charged or refunded.
    expect(changed.plan.instalments.map((i) => [i.amount, i.status])).toEqual(plan.instalments.map((i, n) => [i.amount, n === 0 ? 'paid' : 'pending']));

    const again = await change(payer, plan.id);
    expect([again.status, again.error?.code]).toEqual([422, 'nothing_to_change']);
  });

  it('a clash in a later week is reported before anything changes; dropping that paid week refunds its share once', async () => {
    const [tutor, payer, other] = await Promise.all([bookableTutor(), createUser('student'), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId, 6) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    const reference = await paidFirstInstalmentByCard(payer, plan.id);
    // Another family books the Thursday 16:00 of the third paid week.
    const paid = plan.instalments[0]!.bookingIds;
    const clashing = paid.at(-1)!;
    const clashStart = thursdayOf(plan.lessons.find((l) => l.bookingId === clashing)!.start);
    await expectOk(callApi('createBooking', { token: other.accessToken, body: { tutorId: tutor.userId, subject: 'Physics', start: clashStart, durationMinutes: 60 } }), 'other booking');
    const before = await lessonsOf(payer, plan.id);

    const quoted = await expectOk(quote(payer, plan.id), 'quote');
    expect(quoted.slot.clashes).toEqual([expect.objectContaining({ bookingId: clashing, start: clashStart, reason: 'taken', paid: true })]);
    const refused = await change(payer, plan.id);
    expect([refused.status, refused.error?.code, refused.error?.message]).toEqual([409, 'slot_clashes', planMessages.slotClashes]);
    expect((refused.error as { details?: { clashes: Array<{ start: string }> } }).details?.clashes.map((c) => c.start)).toEqual([clashStart]);
    // Nothing changed: the plan, every lesson and every hour.
    expect(await lessonsOf(payer, plan.id)).toEqual(before);
    const unchanged = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'plan');
    expect(unchanged.plan).toMatchObject({ dayOfWeek: 1, startTime: '17:00' });
    expect(unchanged.plan.slotChanges).toBeUndefined();

    const week = quoted.slot.clashes[0]!.week;
    const changed = await expectOk(change(payer, plan.id, [week]), 'change dropping the clashing week');
    expect(changed.plan.slotChanges![0]).toMatchObject({ refunded: [{ bookingId: clashing }], refundAmount: plan.pricePerLesson, released: [] });
    const shareMinor = Math.round(plan.pricePerLesson * 100);
    const refund = await eventually(async () => { const r = await getItem(`PAYMENT#${reference}`, `REFUND#${clashing}`); return r?.status === 'processed' ? r : undefined; }, 30_000);
    expect(refund).toMatchObject({ amountMinor: shareMinor });
    expect((await lessonsOf(payer, plan.id)).find((l) => l.id === clashing)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    // The other family keeps its hour.
    expect(await getItem(`TUTOR#${tutor.userId}`, `LOCK#${clashStart}`)).not.toMatchObject({ bookingId: clashing });

    // Asked again: nothing left to do, nothing refunded twice.
    const again = await change(payer, plan.id, [week]);
    expect(again.status).toBe(422);
    expect(await sandboxRefunds(reference)).toEqual([shareMinor]);
  });

  it('only the payer changes the slot; an unknown or a declined plan is refused', async () => {
    const [tutor, payer, stranger] = await Promise.all([bookableTutor(), createUser('student'), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId, 3) as Awaited<ReturnType<typeof weeklyPlan>> & PlanLessons;
    const byStranger = await change(stranger, plan.id);
    expect([byStranger.status, byStranger.error?.message]).toEqual([403, planMessages.notPayerSlot]);
    expect((await quote(stranger, plan.id)).status).toBe(403);
    expect((await change(tutor, plan.id)).status).toBe(403);
    expect((await change(payer, randomUUID())).status).toBe(404);
    const same = await callApi('changePlanSlot', { token: payer.accessToken, params: { planId: plan.id }, body: { weekday: 1, time: '17:00' } });
    expect([same.status, same.error?.code]).toEqual([422, 'nothing_to_change']);
    await expectOk(callApi('declinePlan', { token: tutor.accessToken, params: { planId: plan.id }, body: {} }), 'decline');
    const declined = await change(payer, plan.id);
    expect([declined.status, declined.error?.code]).toEqual([409, 'plan_declined']);
  });
});
