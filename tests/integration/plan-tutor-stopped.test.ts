/**
 * A tutor stops teaching (a super admin suspends them), against the emulators and the Paystack
 * sandbox: each of their weekly plans ends with the cause tutor_stopped; every paid lesson still
 * to come is refunded its full share once, at Paystack and in the ledger, the one inside the
 * free-cancellation window too; next month's unpaid holds are released and can no longer be paid;
 * the family is told why once. The consumer's work done again (a second suspension's event, and
 * the service called directly) refunds nothing more.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { endStoppedTutorPlans } from '../../functions/plans/end-service.js';
import { planMessages } from '../../functions/plans/messages.js';
import { callApi, createUser, eventually, expectOk, sentEmails, signInDemoAdmin, stack } from '../support/api.js';
import { bookableTutor, getItem, moveLesson, paidFirstInstalmentByCard, waitUntilDone, weeklyPlan } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

let adminToken: string;
beforeAll(async () => {
  useStackEnvironment();
  adminToken = (await signInDemoAdmin()).accessToken;
});

async function sandboxRefunds(reference: string): Promise<number[]> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as { transactions: Array<{ reference: string; refunds: Array<{ amount: number }> }> };
  return (debug.transactions.find((t) => t.reference === reference)?.refunds ?? []).map((r) => r.amount);
}
const suspend = (userId: string) => callApi('setUserSuspension', { token: adminToken, params: { userId }, body: { suspended: true, reason: 'Stopped teaching' } });
const mailsTo = async (email: string, subject: RegExp) => (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(email) && subject.test(m.subject));

describe('a tutor stops teaching', () => {
  it('suspending the tutor ends their paid plan: every paid lesson to come refunded once (inside the window too), holds released, the next instalment not payable', async () => {
    const [tutor, payer] = await Promise.all([bookableTutor({ firstName: 'Wanjiru' }), createUser('student')]);
    const plan = await weeklyPlan(payer, tutor.userId);
    const reference = await paidFirstInstalmentByCard(payer, plan.id);
    const paid = plan.instalments[0]!.bookingIds;
    const nextMonth = plan.instalments[1]!.bookingIds;
    // The first paid lesson is six hours away: inside the window, still refunded since the family is not at fault.
    await moveLesson(paid[0]!, new Date(Date.now() + 6 * 3_600_000).toISOString());

    expect((await suspend(tutor.userId)).status).toBe(200);
    const ended = await eventually(async () => {
      const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
      return detail.plan.status === 'ended' ? detail.plan : undefined;
    }, 30_000);
    expect(ended).toMatchObject({ endCause: 'tutor_stopped', ending: { kept: [], refundAmount: 4 * plan.pricePerLesson } });
    expect(ended.ending!.refunded.map((l) => l.bookingId).sort()).toEqual([...paid].sort());
    expect(ended.ending!.released.map((l) => l.bookingId).sort()).toEqual([...nextMonth].sort());

    // Each share at Paystack and in the ledger, once.
    const shareMinor = Math.round(plan.pricePerLesson * 100);
    for (const id of paid) {
      const refund = await eventually(async () => { const r = await getItem(`PAYMENT#${reference}`, `REFUND#${id}`); return r?.status === 'processed' ? r : undefined; }, 30_000);
      expect(refund).toMatchObject({ amountMinor: shareMinor });
      const entry = await eventually(() => getItem(`LEDGER#ENTRY#refund#${reference}/${id}`, 'ENTRY'), 15_000);
      expect(entry).toMatchObject({ postings: [{ account: 'lessons_held', amountMinor: -shareMinor }, { account: 'refunds', amountMinor: shareMinor }] });
    }
    expect(await sandboxRefunds(reference)).toEqual([shareMinor, shareMinor, shareMinor, shareMinor]);

    // The consumer's work again: the event of a repeated suspension, then the service itself.
    expect((await suspend(tutor.userId)).status).toBe(200);
    const again = await endStoppedTutorPlans(tutor.userId);
    expect(again.map((p) => [p.id, p.endedAt])).toEqual([[plan.id, ended.endedAt]]);
    await waitUntilDone(`plan-ended#${plan.id}#family`);
    for (const id of paid) {
      await waitUntilDone(`refund-processed#${reference}#${id}`);
      expect(await getItem(`LEDGER#PAYMENT#${reference}/${id}`, 'SOURCE')).toMatchObject({ stage: 'refunded', refundedMinor: shareMinor });
    }
    expect(await sandboxRefunds(reference)).toHaveLength(4);

    const detail = await expectOk(callApi('getPlan', { token: payer.accessToken, params: { planId: plan.id } }), 'detail');
    for (const id of paid) expect(detail.lessons.find((l) => l.id === id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    for (const id of nextMonth) expect(detail.lessons.find((l) => l.id === id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });

    // The family is told why, once; the next month can never be charged.
    const family = await mailsTo(payer.email, /^Ended: weekly/);
    expect(family).toHaveLength(1);
    expect(family[0]!.body).toContain('because the tutor stopped teaching on ALP');
    expect(family[0]!.body).toContain(`4 paid lessons that had not started are cancelled, and KSh ${(4 * plan.pricePerLesson).toLocaleString('en-KE')} is refunded`);
    const pay = await callApi('payPlanInstalmentByMpesa', { token: payer.accessToken, params: { planId: plan.id, n: 2 }, body: { phone: '0712 345 678' } });
    expect([pay.status, pay.error?.message]).toEqual([422, planMessages.planEnded]);
  });
});
