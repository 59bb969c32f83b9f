/**
 * A parent books and pays for each child against the emulators and the Paystack sandbox: the
 * booking keeps the payer (the parent) and the learner (first name, grade, curriculum: never the
 * last name, which the tutor never sees); another family's child is 404 with nothing written; the
 * parent dashboard's one answer counts each child's lessons and the month's spending less refunds;
 * adding a child is safe to retry, also when the same request arrives twice at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AddLearnerRequest } from '../../functions/households/contract.js';
import { api, callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { book, bookableTutor, checkoutInSandbox, freeStarts, getItem, OUTSIDE_CANCEL_WINDOW_HOURS } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const amani: AddLearnerRequest = { firstName: 'Amani', lastName: 'Kipchumba', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] };
const zawadi: AddLearnerRequest = { firstName: 'Zawadi', lastName: 'Kipchumba', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] };

type BookingBody = {
  id: string; amountMinor: number; scheduledAt: string; studentId: string; subject: string; paymentStatus: string;
  student: { id: string; firstName: string; lastName: string }; learner?: Record<string, unknown>; refund?: { status: string };
};

const addChild = async (parent: TestUser, body: AddLearnerRequest) =>
  (await expectOk(callApi('addLearner', { token: parent.accessToken, body }), 'add child')).learner;

async function chemistryTutor(): Promise<TestUser> {
  const tutor = await bookableTutor({ firstName: 'Otieno' });
  await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { preferredSubjects: ['Chemistry'] } }), 'subjects');
  return tutor;
}

/** Booked for a child (outside the free-cancellation window) and paid through the sandbox checkout (as M-Pesa would confirm it). */
async function bookAndPay(parent: TestUser, tutor: TestUser, learnerId: string, subject: string): Promise<BookingBody> {
  const [start] = await freeStarts(tutor.userId, { leadHours: OUTSIDE_CANCEL_WINDOW_HOURS });
  const booked = await book(parent, tutor.userId, start!, 60, { subject, learnerId });
  expect(booked.status).toBe(201);
  const booking = booked.body.booking as BookingBody;
  const { authorizationUrl } = await expectOk(callApi('initializePayment', { token: parent.accessToken, body: { bookingId: booking.id } }), 'payment');
  await checkoutInSandbox(authorizationUrl);
  await eventually(async () => (await getItem(`BOOKING#${booking.id}`, 'BOOKING'))?.paymentStatus === 'paid');
  return booking;
}

const summary = async (parent: TestUser) => expectOk(callApi('householdSummary', { token: parent.accessToken }), 'summary');

describe('a parent books for each child', () => {
  it('books Mathematics for one and Chemistry for the other, paying for both: each booking keeps the payer and the learner, the tutor sees the first name and grade only, the dashboard counts them', async () => {
    const [parent, maths, chemistry] = await Promise.all([createUser('parent'), bookableTutor(), chemistryTutor()]);
    const [son, daughter] = [await addChild(parent, amani), await addChild(parent, zawadi)];
    expect(await summary(parent)).toMatchObject({ learners: [{ upcoming: [], upcomingCount: 0 }, { upcoming: [], upcomingCount: 0 }], spending: { paidMinor: 0, netMinor: 0 } });

    const forSon = await bookAndPay(parent, maths, son.id, 'Mathematics');
    const forDaughter = await bookAndPay(parent, chemistry, daughter.id, 'Chemistry');
    expect(forSon).toMatchObject({ studentId: parent.userId, student: { id: parent.userId }, learner: { id: son.id, firstName: 'Amani', grade: 'cbc-grade-7', curriculum: 'cbc' } });
    const stored = await getItem(`BOOKING#${forDaughter.id}`, 'BOOKING');
    expect(stored).toMatchObject({
      studentId: parent.userId, parentId: parent.userId, learnerId: daughter.id, paymentStatus: 'paid',
      learner: { id: daughter.id, firstName: 'Zawadi', grade: '844-form-4', curriculum: '8-4-4' },
    });
    expect(stored!.learner).not.toHaveProperty('lastName');

    // The parent's My Bookings: both children's lessons, each naming its child.
    const mine = (await expectOk(callApi('listBookings', { token: parent.accessToken }), 'mine')).bookings;
    expect(mine.map((b) => [b.subject, b.learner?.firstName]).sort()).toEqual([['Chemistry', 'Zawadi'], ['Mathematics', 'Amani']]);

    // Each tutor: the child's first name, grade and curriculum, the parent as the contact, never the child's last name.
    for (const [tutor, firstName, grade] of [[maths, 'Amani', 'cbc-grade-7'], [chemistry, 'Zawadi', '844-form-4']] as const) {
      const listed = await api('/api/bookings', { token: tutor.accessToken });
      expect(listed.body.bookings).toEqual([expect.objectContaining({ learner: expect.objectContaining({ firstName, grade }), student: expect.objectContaining({ id: parent.userId }) })]);
      expect(JSON.stringify(listed.body)).not.toContain('Kipchumba');
      const one = await api(`/api/bookings/${listed.body.bookings[0].id}`, { token: tutor.accessToken });
      expect(one.body.booking.learner).toEqual({ id: expect.any(String), firstName, grade, curriculum: expect.any(String) });
      expect(JSON.stringify(one.body)).not.toContain('Kipchumba');
    }

    const dashboard = await summary(parent);
    expect(dashboard.month).toMatch(/^\d{4}-\d{2}$/);
    expect(dashboard.learners.map((card) => [card.learner.firstName, card.upcomingCount, card.completedThisMonth])).toEqual([['Amani', 1, 0], ['Zawadi', 1, 0]]);
    expect(dashboard.learners[0]!.upcoming).toEqual([{
      bookingId: forSon.id, subject: 'Mathematics', scheduledAt: forSon.scheduledAt, durationMinutes: 60, tutorName: expect.stringContaining(' '),
    }]);
    expect(dashboard.learners[1]!.upcoming[0]).toMatchObject({ subject: 'Chemistry', tutorName: expect.stringMatching(/^Otieno /) });
    expect(dashboard.spending).toEqual({ paidMinor: forSon.amountMinor + forDaughter.amountMinor, refundedMinor: 0, netMinor: forSon.amountMinor + forDaughter.amountMinor, currency: 'KES' });

    // Cancelled in time: refunded in full with the learner kept; the month's spending falls by it once the refund is processed.
    const cancelled = await callApi('cancelBooking', { token: parent.accessToken, params: { bookingId: forDaughter.id }, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', learner: { firstName: 'Zawadi' } });
    await eventually(async () => (await getItem(`BOOKING#${forDaughter.id}`, 'BOOKING'))?.paymentStatus === 'refunded', 15_000);
    const after = await summary(parent);
    expect(after.spending).toEqual({ paidMinor: forSon.amountMinor + forDaughter.amountMinor, refundedMinor: forDaughter.amountMinor, netMinor: forSon.amountMinor, currency: 'KES' });
    expect(after.learners.map((card) => card.upcomingCount)).toEqual([1, 0]);
  });

  it('answers 404 for another family\'s child (or a student naming one) and writes nothing', async () => {
    const [parent, other, student, tutor] = await Promise.all([createUser('parent'), createUser('parent'), createUser('student'), bookableTutor()]);
    const child = await addChild(parent, amani);
    const [start] = await freeStarts(tutor.userId);
    for (const caller of [other, student]) {
      const answer = await book(caller, tutor.userId, start!, 60, { learnerId: child.id });
      expect(answer.status).toBe(404);
      expect(answer.body.error).toMatchObject({ code: 'not_found', message: 'Child not found' });
      expect((await expectOk(callApi('listBookings', { token: caller.accessToken }), 'list')).bookings).toEqual([]);
    }
    expect(await freeStarts(tutor.userId)).toContain(start);
    // A student's own booking is as before: no learner on it.
    const own = await book(student, tutor.userId, start!);
    expect(own.status).toBe(201);
    expect(own.body.booking).not.toHaveProperty('learner');
  });

  it('shows a parent without children an empty dashboard, and is for parents only', async () => {
    const [parent, student] = await Promise.all([createUser('parent'), createUser('student')]);
    expect(await summary(parent)).toMatchObject({ learners: [], spending: { paidMinor: 0, refundedMinor: 0, netMinor: 0, currency: 'KES' } });
    expect((await callApi('householdSummary', { token: student.accessToken })).status).toBe(403);
  });
});

describe('adding a child again', () => {
  it('adds one child for the same request sent five times at once and again later, each answer naming the same child', async () => {
    const parent = await createUser('parent');
    const body = { ...amani, requestId: 'add-amani-1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => callApi('addLearner', { token: parent.accessToken, body })));
    const retry = await callApi('addLearner', { token: parent.accessToken, body });
    const all = [...answers, retry];
    expect(all.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(all.map((a) => a.body.learner.id)).size).toBe(1);
    const { learners } = await expectOk(callApi('listLearners', { token: parent.accessToken }), 'list');
    expect(learners.map((l) => l.firstName)).toEqual(['Amani']);
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, 'HOUSEHOLD')).toMatchObject({ learnerCount: 1 });
    // Another request (another id) is another child; the same id in another household is its own.
    await addChild(parent, { ...zawadi, requestId: 'add-zawadi-1' });
    const neighbour = await createUser('parent');
    const theirs = await addChild(neighbour, body);
    expect(theirs.id).not.toBe(learners[0]!.id);
    expect((await expectOk(callApi('listLearners', { token: parent.accessToken }), 'list')).learners).toHaveLength(2);
  });
});
