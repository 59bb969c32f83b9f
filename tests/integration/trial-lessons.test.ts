/**
 * Trial lessons against the emulators and the Paystack sandbox: a tutor offers a 30-minute trial
 * (paid at their price, or free); a parent books it for a child at the server's price, once per
 * child per tutor, also when two bookings race; a paid trial is paid by M-Pesa and enters the
 * ledger with the normal fee; a free trial is confirmed with no payment and earns nothing; a trial
 * the tutor cancelled, or missed, frees the child for another.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingMessages } from '../../functions/bookings/contract.js';
import { completeLesson } from '../../functions/bookings/service.js';
import { settleNoShow } from '../../functions/bookings/cancel-service.js';
import { entryId } from '../../functions/ledger/keys.js';
import { recordLessonEarned } from '../../functions/ledger/service.js';
import type { AddLearnerRequest } from '../../functions/households/contract.js';
import type { Booking } from '../../functions/bookings/contract.js';
import { api, callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { bookableTutor, checkoutInSandbox, freeStarts, getItem, OUTSIDE_CANCEL_WINDOW_HOURS, paidByPrompt } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const child: AddLearnerRequest = { firstName: 'Amani', lastName: 'Kipchumba', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] };

async function offering(trialLesson: { kind: 'free' } | { kind: 'paid'; price: number }): Promise<TestUser> {
  const tutor = await bookableTutor({ hourlyRate: 2000 });
  await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { trialLesson } }), 'trial offer');
  return tutor;
}

async function family(): Promise<{ parent: TestUser; learnerId: string }> {
  const parent = await createUser('parent');
  const { learner } = await expectOk(callApi('addLearner', { token: parent.accessToken, body: child }), 'child');
  return { parent, learnerId: learner.id };
}

const bookTrial = (parent: TestUser, tutorId: string, start: string, learnerId?: string, extra: Record<string, unknown> = {}) =>
  api('/api/bookings/trial', { method: 'POST', token: parent.accessToken, body: { tutorId, subject: 'Mathematics', start, ...(learnerId ? { learnerId } : {}), ...extra } });

const entry = (kind: Parameters<typeof entryId>[0], reference: string) => getItem(`LEDGER#ENTRY#${entryId(kind, reference)}`, 'ENTRY');

describe('a tutor\'s trial lesson', () => {
  it('is off by default; the offer is free only when chosen as free, and the public profile shows it', async () => {
    const tutor = await bookableTutor();
    const { parent, learnerId } = await family();
    const [start] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    expect(await bookTrial(parent, tutor.userId, start!, learnerId)).toMatchObject({ status: 422, body: { error: { code: 'no_trial' } } });

    const zero = await callApi('updateMyProfile', { token: tutor.accessToken, body: { trialLesson: { kind: 'paid', price: 0 } } });
    expect(zero.status).toBe(400);
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { trialLesson: { kind: 'paid', price: 450 } } }), 'offer');
    const profile = await expectOk(callApi('getTutor', { params: { tutorId: tutor.userId } }), 'profile');
    expect(profile.trialLesson).toEqual({ kind: 'paid', price: 450 });
    await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { trialLesson: null } }), 'off again');
    expect((await expectOk(callApi('getTutor', { params: { tutorId: tutor.userId } }), 'profile')).trialLesson).toBeUndefined();
  });

  it('a paid trial: 30 minutes at the tutor\'s price whatever the client sends, paid by M-Pesa, in the ledger with the normal fee; a second trial for the child is refused', async () => {
    const tutor = await offering({ kind: 'paid', price: 500 });
    const { parent, learnerId } = await family();
    const [first, second] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    const booked = await bookTrial(parent, tutor.userId, first!, learnerId, { durationMinutes: 120, amountMinor: 100, totalAmount: 1 });
    expect(booked.status).toBe(201);
    const trial = booked.body.booking as Booking;
    expect(trial).toMatchObject({ trial: true, durationMinutes: 30, amountMinor: 50_000, totalAmount: 500, status: 'pending', paymentStatus: 'pending', learner: { id: learnerId } });

    const sent = await api('/api/payments/mpesa-prompts', { method: 'POST', token: parent.accessToken, body: { bookingId: trial.id, phone: '0712 345 678' } });
    expect(sent.status).toBe(200);
    const reference = sent.body.reference as string;
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ amountMinor: 50_000 });
    await paidByPrompt(reference, 50_000);
    await eventually(async () => (await getItem(`BOOKING#${trial.id}`, 'BOOKING'))?.paymentStatus === 'paid');
    expect(await eventually(() => entry('payment', reference), 15_000)).toMatchObject({
      postings: [{ account: 'student_payments', amountMinor: -50_000 }, { account: 'lessons_held', amountMinor: 50_000 }],
    });
    expect(await completeLesson(trial.id, 'ended_by_tutor')).toBe(true);
    expect(await eventually(() => entry('earned', reference), 15_000)).toMatchObject({
      feeBasisPoints: 1_500,
      postings: [{ account: 'lessons_held', amountMinor: -50_000 }, { account: 'tutor_pending', amountMinor: 42_500 }, { account: 'platform_revenue', amountMinor: 7_500 }],
    });

    const again = await bookTrial(parent, tutor.userId, second!, learnerId);
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'trial_used', message: bookingMessages.trialUsed } } });
    // A regular lesson with the same tutor is still welcome.
    const lesson = await api('/api/bookings', { method: 'POST', token: parent.accessToken, body: { tutorId: tutor.userId, subject: 'Mathematics', start: second, durationMinutes: 60, learnerId } });
    expect(lesson.status).toBe(201);
  });

  it('two trials booked at once for the same child give one, whichever slots they chose', async () => {
    const tutor = await offering({ kind: 'paid', price: 300 });
    const { parent, learnerId } = await family();
    const [a, b] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    const answers = await Promise.all([bookTrial(parent, tutor.userId, a!, learnerId), bookTrial(parent, tutor.userId, b!, learnerId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('trial_used');
    const mine = (await expectOk(callApi('listBookings', { token: parent.accessToken }), 'mine')).bookings;
    expect(mine.filter((x) => x.trial)).toHaveLength(1);
  });

  it('a free trial is confirmed at once with no payment and earns nothing; the tutor cancelling it frees the child for another trial', async () => {
    const tutor = await offering({ kind: 'free' });
    const { parent, learnerId } = await family();
    const [first, second] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    const booked = await bookTrial(parent, tutor.userId, first!, learnerId);
    expect(booked.status).toBe(201);
    const trial = booked.body.booking as Booking;
    expect(trial).toMatchObject({ trial: true, amountMinor: 0, status: 'confirmed', paymentStatus: 'paid' });
    expect(trial.holdExpiresAt).toBeUndefined();
    expect(await callApi('initializePayment', { token: parent.accessToken, body: { bookingId: trial.id } })).toMatchObject({ status: 409 });
    // Completing it moves no money, and the ledger's consumer has nothing to wait for.
    await expect(recordLessonEarned(trial.id, new Date().toISOString())).resolves.toBeUndefined();

    expect((await bookTrial(parent, tutor.userId, second!, learnerId)).status).toBe(409);
    const cancelled = await api(`/api/bookings/${trial.id}/cancel`, { method: 'POST', token: tutor.accessToken, body: { reason: 'Unwell' } });
    expect(cancelled.status).toBe(200);
    expect((await bookTrial(parent, tutor.userId, second!, learnerId)).status).toBe(201);
  });

  it('a free trial the tutor missed frees the child for a new trial with the same tutor', async () => {
    const tutor = await offering({ kind: 'free' });
    const { parent, learnerId } = await family();
    const [first, second] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    const trial = (await bookTrial(parent, tutor.userId, first!, learnerId)).body.booking as Booking;
    expect(await settleNoShow(trial, 'tutor')).toBe(true);
    expect(await getItem(`BOOKING#${trial.id}`, 'BOOKING')).toMatchObject({ status: 'cancelled', noShow: 'tutor' });
    expect((await bookTrial(parent, tutor.userId, second!, learnerId)).status).toBe(201);
  });

  it('a paid trial the tutor missed is refunded in full once, however often the no-show is settled, and the child may book another trial', async () => {
    const tutor = await offering({ kind: 'paid', price: 500 });
    const { parent, learnerId } = await family();
    const [first, second] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
    const trial = (await bookTrial(parent, tutor.userId, first!, learnerId)).body.booking as Booking;
    const { authorizationUrl, reference } = await expectOk(callApi('initializePayment', { token: parent.accessToken, body: { bookingId: trial.id } }), 'payment');
    await checkoutInSandbox(authorizationUrl);
    const paid = await eventually(async () => { const b = await getItem(`BOOKING#${trial.id}`, 'BOOKING'); return b?.paymentStatus === 'paid' ? b as unknown as Booking : undefined; });
    await eventually(() => entry('payment', reference), 15_000);

    // The lessons job and a repeat of it settle the same no-show at once, then once more later.
    const settled = await Promise.all([settleNoShow(paid, 'tutor'), settleNoShow(paid, 'tutor')]);
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await settleNoShow(paid, 'tutor')).toBe(false);
    const refunded = await eventually(async () => { const b = await getItem(`BOOKING#${trial.id}`, 'BOOKING'); return b?.paymentStatus === 'refunded' ? b : undefined; }, 15_000);
    expect(refunded).toMatchObject({ status: 'cancelled', noShow: 'tutor', refund: { status: 'processed', amountMinor: 50_000 } });
    expect(await eventually(() => entry('refund', reference), 15_000)).toMatchObject({ kind: 'refund' });
    // The tutor earned nothing from it.
    expect(await entry('earned', reference)).toBeUndefined();
    expect((await bookTrial(parent, tutor.userId, second!, learnerId)).status).toBe(201);
  });
});
