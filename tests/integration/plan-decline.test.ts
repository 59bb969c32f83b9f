/**
 * A tutor and the weekly plans families set up with them, against the emulators and the Paystack
 * sandbox: the tutor sees each plan and the weeks paid lessons secure; declines one awaiting its
 * first payment with a reason (its lessons and hours are released, the family is told once by
 * e-mail, the plan can no longer be paid); a payment already under way when the tutor declined
 * goes back whole; only the plan's tutor may decline, and only before its first payment.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { planMessages } from '../../functions/plans/messages.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidByPrompt } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

type Plan = { id: string; status: string; declineReason?: string; lessons: Array<{ bookingId: string; start: string }>; instalments: Array<{ number: number; bookingIds: string[]; amount: number }> };

async function planFor(payer: TestUser, tutor: TestUser, lessons = 5): Promise<Plan> {
  const slot = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons, skipHolidays: false } };
  const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: payer.accessToken, body: slot });
  const lessonStarts = quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
  expect(lessonStarts).toHaveLength(lessons);
  const res = await api<{ plan: Plan }>('/api/plans', {
    method: 'POST', token: payer.accessToken, body: { ...slot, subject: 'Mathematics', payment: 'monthly', lessonStarts, idempotencyKey: randomUUID() },
  });
  expect(res.status).toBe(201);
  return res.body.plan;
}

const decline = (user: TestUser, planId: string, reason?: string) =>
  callApi('declinePlan', { token: user.accessToken, params: { planId }, body: reason ? { reason } : {} });

const freeStartsOf = async (payer: TestUser, tutor: TestUser) => {
  const slot = { tutorId: tutor.userId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 5, skipHolidays: false } };
  const quote = await api<{ quote: { lessons: Array<{ start: string; status: string }> } }>('/api/plans/quote', { method: 'POST', token: payer.accessToken, body: slot });
  return quote.body.quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);
};

describe('a tutor and weekly plans', () => {
  it('the tutor declines a plan awaiting its first payment: lessons and hours released, the family told once, the plan no longer payable', async () => {
    const [tutor, parent, other] = await Promise.all([bookableTutor({ firstName: 'Wambui' }), createUser('student'), createUser('student')]);
    const plan = await planFor(parent, tutor);
    // The lessons hold the tutor's hours: another family sees them taken.
    expect(await freeStartsOf(other, tutor)).toHaveLength(0);

    const listed = await expectOk(callApi('tutorPlans', { token: tutor.accessToken }), 'tutor plans');
    expect(listed.plans.map((p) => p.plan.id)).toContain(plan.id);
    expect(listed.securedWeeks).toHaveLength(4);
    // Nothing is paid yet: nothing is secured.
    expect(listed.securedWeeks.every((w) => w.lessons === 0)).toBe(true);

    const reason = 'I have moved to mornings only this term';
    const declined = await expectOk(decline(tutor, plan.id, reason), 'decline');
    expect(declined.plan).toMatchObject({ id: plan.id, status: 'declined', declineReason: reason });
    for (const { bookingId } of plan.lessons) expect(await getItem(`BOOKING#${bookingId}`, 'BOOKING')).toBeUndefined();
    expect(await freeStartsOf(other, tutor)).toHaveLength(5);

    // Declining again changes nothing and tells no one twice.
    expect((await expectOk(decline(tutor, plan.id), 'again')).plan.status).toBe('declined');
    const mails = await eventually(async () => {
      const found = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(parent.email) && /Declined: weekly/.test(m.subject));
      return found.length ? found : undefined;
    }, 20_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(reason);
    expect(mails[0]!.body).toContain('Nothing was charged');

    // The family sees it declined and cannot pay it.
    const seen = await api<{ plan: Plan }>(`/api/plans/${plan.id}`, { token: parent.accessToken });
    expect(seen.body.plan.status).toBe('declined');
    const pay = await callApi('payPlanInstalmentByMpesa', { token: parent.accessToken, params: { planId: plan.id, n: 1 }, body: { phone: '0712 345 678' } });
    expect([pay.status, pay.error?.message]).toEqual([422, planMessages.planDeclined]);
  });

  it('a payment under way when the tutor declined goes back whole, and pays nothing', async () => {
    const [tutor, parent] = await Promise.all([bookableTutor(), createUser('student')]);
    const plan = await planFor(parent, tutor, 4);
    const sent = await expectOk(callApi('payPlanInstalmentByMpesa', { token: parent.accessToken, params: { planId: plan.id, n: 1 }, body: { phone: '0712 345 678' } }), 'prompt');
    await expectOk(decline(tutor, plan.id), 'decline');

    // The family answers the prompt after all: the charge succeeds at Paystack.
    const amountMinor = Math.round(plan.instalments[0]!.amount * 100);
    await paidByPrompt(sent.reference, amountMinor);

    expect(await getItem(`PAYMENT#${sent.reference}`, 'PAYMENT')).toMatchObject({ status: 'needs_refund' });
    const refund = await eventually(() => getItem(`PAYMENT#${sent.reference}`, 'REFUND'), 15_000);
    expect(refund).toMatchObject({ amountMinor, by: 'system', forBooking: false, countedInRevenue: false });
    expect(['requested', 'pending', 'processed']).toContain(refund.status);
    expect((await api<{ plan: Plan }>(`/api/plans/${plan.id}`, { token: parent.accessToken })).body.plan.status).toBe('declined');
    expect(await getItem(`TXN#${sent.reference}`, 'TXN')).toBeUndefined();
  });

  it('only the plan\'s tutor declines it, and only before its first payment; paid lessons are the tutor\'s secured weeks', async () => {
    const [tutor, otherTutor, parent] = await Promise.all([bookableTutor(), bookableTutor(), createUser('student')]);
    const plan = await planFor(parent, tutor, 4);
    const byOther = await decline(otherTutor, plan.id);
    expect([byOther.status, byOther.error?.message]).toEqual([403, planMessages.notTutor]);
    expect((await decline(parent, plan.id)).status).toBe(403);
    expect((await decline(tutor, randomUUID())).status).toBe(404);

    // The family pays the first month.
    const sent = await expectOk(callApi('payPlanInstalmentByMpesa', { token: parent.accessToken, params: { planId: plan.id, n: 1 }, body: { phone: '0712 345 678' } }), 'prompt');
    await paidByPrompt(sent.reference, Math.round(plan.instalments[0]!.amount * 100), 1);

    const late = await decline(tutor, plan.id);
    expect([late.status, late.error?.message]).toEqual([409, planMessages.planStarted]);
    const listed = await expectOk(callApi('tutorPlans', { token: tutor.accessToken }), 'tutor plans');
    // The first month's lessons that fall in the four weeks shown (Monday to Sunday in Nairobi, the tutor's zone).
    const paidIds = new Set(plan.instalments[0]!.bookingIds);
    const end = Date.parse(`${listed.securedWeeks.at(-1)!.weekStart}T00:00:00+03:00`) + 7 * 86_400_000;
    const inWeeks = plan.lessons.filter((l) => paidIds.has(l.bookingId) && Date.parse(l.start) < end).length;
    expect(inWeeks).toBeGreaterThan(0);
    expect(listed.securedWeeks.reduce((sum, w) => sum + w.lessons, 0)).toBe(inWeeks);
    expect(listed.securedWeeks.reduce((sum, w) => sum + w.amount, 0)).toBe(inWeeks * plan.instalments[0]!.amount / paidIds.size);
    expect(listed.plans.find((p) => p.plan.id === plan.id)?.plan.status).toBe('active');
  });
});
