/**
 * Setting a weekly plan up against the emulators: the server books exactly the lessons it finds
 * free (each a normal pending booking holding its hours), a lesson taken after the quote is a 409
 * with its date before anything is held, one request key makes one plan however often it is sent,
 * and a plan and single bookings racing for the same hour get it once.
 */
import { randomUUID } from 'node:crypto';
import { formatInTimeZone } from 'date-fns-tz';
import { describe, expect, it } from 'vitest';
import type { AddLearnerRequest } from '../../functions/households/contract.js';
import { api, callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { book, bookableTutor } from '../support/fixtures.js';

type Quote = { lessons: Array<{ start: string; status: string }>; pricePerLesson: number };
type Lesson = { id: string; status: string; paymentStatus: string; scheduledAt: string; planId?: string; studentId: string; learner?: { id: string }; holdExpiresAt?: string };
type Plan = {
  id: string; status: string; payerId: string; learnerId?: string; lessons: Array<{ bookingId: string; start: string }>;
  instalments: Array<{ number: number; amount: number; bookingIds: string[]; status: string }>;
};
type Answer = { plan: Plan; lessons: Lesson[]; error?: { code: string; details?: { clashes?: string[] } } };

const amani: AddLearnerRequest = { firstName: 'Amani', lastName: 'Kipchumba', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] };

const slot = (tutorId: string, lessons = 12) =>
  ({ tutorId, dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons, skipHolidays: false } });

async function quoted(user: TestUser, body: Record<string, unknown>): Promise<Quote> {
  const res = await api<{ quote: Quote }>('/api/plans/quote', { method: 'POST', token: user.accessToken, body });
  expect(res.status).toBe(200);
  return res.body.quote;
}

const freeStartsOf = (quote: Quote) => quote.lessons.filter((l) => l.status === 'free').map((l) => l.start);

const setUp = (user: TestUser, body: Record<string, unknown>) =>
  api<Answer>('/api/plans', { method: 'POST', token: user.accessToken, body });

const planOf = (user: TestUser, id: string) => api<Answer>(`/api/plans/${id}`, { token: user.accessToken });

describe('POST /api/plans', () => {
  it('a 12-week plan for a learner books exactly the free lessons, pending and held, in monthly instalments, and charges nothing', async () => {
    const [tutor, parent, other] = await Promise.all([bookableTutor({ hourlyRate: 1500 }), createUser('parent'), createUser('student')]);
    const learner = (await expectOk(callApi('addLearner', { token: parent.accessToken, body: amani }), 'add child')).learner;
    const body = slot(tutor.userId);
    const before = await quoted(parent, body);
    // Another family holds week 3 before the parent looks: the quote shows it taken.
    expect((await book(other, tutor.userId, before.lessons[2]!.start, 60)).status).toBe(201);
    const quote = await quoted(parent, body);
    const free = freeStartsOf(quote);
    expect(free).toHaveLength(11);

    const res = await setUp(parent, { ...body, subject: 'Mathematics', learnerId: learner.id, payment: 'monthly', lessonStarts: free, idempotencyKey: randomUUID() });
    expect(res.status).toBe(201);
    const { plan } = res.body;
    expect(plan.status).toBe('awaiting_payment');
    expect(plan.payerId).toBe(parent.userId);
    expect(plan.learnerId).toBe(learner.id);
    expect(plan.lessons.map((l) => l.start)).toEqual(free);
    expect(plan.instalments.flatMap((i) => i.bookingIds).sort()).toEqual(plan.lessons.map((l) => l.bookingId).sort());
    expect(plan.instalments.reduce((sum, i) => sum + i.amount, 0)).toBe(11 * quote.pricePerLesson);
    expect(plan.instalments.every((i) => i.status === 'pending')).toBe(true);

    const detail = await planOf(parent, plan.id);
    expect(detail.status).toBe(200);
    expect(detail.body.lessons.map((l) => l.scheduledAt)).toEqual(free);
    for (const lesson of detail.body.lessons) {
      expect(lesson).toMatchObject({ status: 'pending', paymentStatus: 'pending', planId: plan.id, studentId: parent.userId, learner: { id: learner.id } });
    }
    // Each lesson holds its hour as a single booking does: nobody can book over it.
    expect((await book(other, tutor.userId, free[0]!, 60)).status).toBe(409);
    // And the next quote sees them taken.
    expect(freeStartsOf(await quoted(other, body))).toEqual([]);
    // The family's list shows it with its lessons; another family's list does not.
    const mine = await api<{ plans: Answer[] }>('/api/me/plans', { token: parent.accessToken });
    expect(mine.status).toBe(200);
    expect(mine.body.plans.map((p) => [p.plan.id, p.lessons.length])).toEqual([[plan.id, 11]]);
    expect((await api<{ plans: Answer[] }>('/api/me/plans', { token: other.accessToken })).body.plans).toEqual([]);
    // The tutor sees the plan; another family does not.
    expect((await planOf(tutor, plan.id)).status).toBe(200);
    expect((await planOf(other, plan.id)).status).toBe(403);
  });

  it('a lesson taken after the quote is refused with 409 and its date, and nothing is held', async () => {
    const [tutor, parent, other] = await Promise.all([bookableTutor(), createUser('parent'), createUser('student')]);
    const body = slot(tutor.userId, 6);
    const free = freeStartsOf(await quoted(parent, body));
    expect(free).toHaveLength(6);
    // Week 3 goes to another family between the quote and "pay" (a single booking reaches only weeks ahead).
    expect((await book(other, tutor.userId, free[2]!, 60)).status).toBe(201);
    const res = await setUp(parent, { ...body, subject: 'Mathematics', payment: 'term', lessonStarts: free, idempotencyKey: randomUUID() });
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('plan_changed');
    expect(res.body.error?.details?.clashes).toEqual([free[2]]);
    // Nothing was held: the other weeks are still free for anyone.
    expect(freeStartsOf(await quoted(other, body))).toEqual(free.filter((_, i) => i !== 2));
  });

  it('the same request key twice, one after the other and at once, makes one plan', async () => {
    const [tutor, parent] = await Promise.all([bookableTutor(), createUser('student')]);
    const body = slot(tutor.userId, 4);
    const free = freeStartsOf(await quoted(parent, body));
    const request = { ...body, subject: 'Physics', payment: 'monthly', lessonStarts: free, idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([setUp(parent, request), setUp(parent, request)]);
    const c = await setUp(parent, request);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.plan.id, b.body.plan.id, c.body.plan.id]).size).toBe(1);
    const mine = (await api<{ bookings: Lesson[] }>('/api/bookings', { token: parent.accessToken })).body.bookings;
    expect(mine.filter((l) => l.planId === a.body.plan.id)).toHaveLength(4);
    expect(mine).toHaveLength(4);
  });

  it('two families setting up the same slot and a single booking at once: each hour is held by one of them only', async () => {
    const [tutor, one, two, three] = await Promise.all([bookableTutor(), createUser('student'), createUser('student'), createUser('student')]);
    const body = slot(tutor.userId, 3);
    const free = freeStartsOf(await quoted(one, body));
    const request = (key: string) => ({ ...body, subject: 'Mathematics', payment: 'term', lessonStarts: free, idempotencyKey: key });
    const [a, b, single] = await Promise.all([setUp(one, request(randomUUID())), setUp(two, request(randomUUID())), book(three, tutor.userId, free[1]!, 60)]);
    const won = [a.status, b.status, single.status].filter((s) => s === 201);
    expect(won).toHaveLength(1);
    expect([a.status, b.status, single.status].filter((s) => s === 409)).toHaveLength(2);
    // The losers left nothing behind: only the winner's lessons hold hours.
    const holders = await Promise.all([one, two, three].map(async (u) =>
      (await api<{ bookings: Lesson[] }>('/api/bookings', { token: u.accessToken })).body.bookings.length));
    expect(holders.filter((n) => n > 0)).toHaveLength(1);
  });

  it('refuses a lesson list that is not the free lessons, tutors, and unknown plans', async () => {
    const [tutor, student] = await Promise.all([bookableTutor(), createUser('student')]);
    const body = slot(tutor.userId, 2);
    const free = freeStartsOf(await quoted(student, body));
    const extra = await setUp(student, { ...body, subject: 'Mathematics', payment: 'term', lessonStarts: [free[0]], idempotencyKey: randomUUID() });
    expect(extra.status).toBe(409);
    expect(extra.body.error?.details?.clashes).toEqual([free[1]]);
    expect((await setUp(tutor, { ...body, subject: 'Mathematics', payment: 'term', lessonStarts: free, idempotencyKey: randomUUID() })).status).toBe(403);
    expect((await planOf(student, randomUUID())).status).toBe(404);
  });
});

describe('POST /api/plans/quote and the minimum notice', () => {
  it('a first lesson sooner than the tutor\'s minimum notice is not offered (nor booked); the later ones are', async () => {
    const [tutor, student] = await Promise.all([bookableTutor(), createUser('student')]);
    for (const dayOfWeek of [0, 2, 3, 5, 6]) {
      await expectOk(callApi('addMyAvailability', { token: tutor.accessToken, body: { dayOfWeek, startTime: '08:00', endTime: '20:00' } }), 'availability');
    }
    // Tomorrow 17:00 in Nairobi is 17 to 41 hours away: inside a 72-hour notice, outside a 2-hour one.
    const tomorrow = new Date(Date.now() + 24 * 3_600_000);
    const dayOfWeek = Number(formatInTimeZone(tomorrow, 'Africa/Nairobi', 'i')) % 7;
    const body = { tutorId: tutor.userId, dayOfWeek, startTime: '17:00', durationMinutes: 60, length: { kind: 'weeks', lessons: 3, skipHolidays: false } };
    const usual = await quoted(student, body);
    expect(usual.lessons.map((l) => l.status)).toEqual(['free', 'free', 'free']);

    expect((await api('/api/me/profile', { method: 'PATCH', token: tutor.accessToken, body: { minNoticeHours: 72 } })).status).toBe(200);
    const strict = await quoted(student, body);
    expect(strict.lessons.map((l) => [l.start, l.status])).toEqual(usual.lessons.map((l, i) => [l.start, i === 0 ? 'too_soon' : 'free']));

    // Setting it up books the two lessons offered, not the one too soon.
    const res = await setUp(student, { ...body, subject: 'Mathematics', payment: 'monthly', lessonStarts: freeStartsOf(strict), idempotencyKey: randomUUID() });
    expect(res.status).toBe(201);
    expect(res.body.plan.lessons.map((l) => l.start)).toEqual(freeStartsOf(strict));
    expect(freeStartsOf(strict)).toHaveLength(2);
  });
});
