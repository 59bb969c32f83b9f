/**
 * No item that every user's transaction writes: many users booking, enrolling and paying at once
 * never wait on (or fail because of) each other. The platform counters, a course's enrolment count
 * and the ledger's platform totals are kept outside the user's transaction, and stay exact.
 */
import type { SQSEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_SOURCE, type DetailType, type EventDetail } from '../../events/index.js';
import { weekOf } from '../../functions/shared/time.js';
import { callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, getItem, payBooking, setAttributes, verifyThroughKyc } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { countersSettled, platformCounters, weekCounters } from '../support/stats.js';

const CONSUMER_WAIT_MS = 30_000;

/** `count` at a time, in order (the local stack is one process: 100 sign-ups at once would only queue). */
async function inBatches<T>(total: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < total; i += size) out.push(...await Promise.all(Array.from({ length: Math.min(size, total - i) }, (_, j) => make(i + j))));
  return out;
}

/** A tutor with the hours bookableTutor gives, verified directly (the KYC flow itself is tested in kyc.test.ts). */
async function quickTutor(): Promise<TestUser> {
  const tutor = await bookableTutor({ verified: false });
  await setAttributes(`USER#${tutor.userId}`, 'PROFILE', { kycStatus: 'approved' });
  return tutor;
}

/** One consumer's handler called as Lambda calls it, with an SQS batch holding `detail` as its event. */
async function deliver<T extends DetailType>(handlerPath: string, detailType: T, detail: EventDetail<T>): Promise<string[]> {
  useStackEnvironment();
  const { handler } = await import(handlerPath) as { handler: (event: SQSEvent, context: unknown) => Promise<{ batchItemFailures: Array<{ itemIdentifier: string }> }> };
  const body = JSON.stringify({ id: randomUUID(), source: EVENT_SOURCE, 'detail-type': detailType, detail });
  const event = { Records: [{ messageId: randomUUID(), body, receiptHandle: 'r', attributes: {}, messageAttributes: {}, md5OfBody: '', eventSource: 'aws:sqs', eventSourceARN: 'arn', awsRegion: 'eu-west-1' }] } as unknown as SQSEvent;
  const result = await handler(event, { functionName: 'test', getRemainingTimeInMillis: () => 30_000 });
  return result.batchItemFailures.map((f) => f.itemIdentifier);
}

describe('many users at once', () => {
  let tutors: TestUser[];
  let students: TestUser[];
  let usersBefore: number;

  beforeAll(async () => {
    await countersSettled(); // the demo accounts' sign-ups counted
    usersBefore = (await platformCounters()).users ?? 0;
    tutors = await inBatches(50, 10, () => quickTutor());
    students = await inBatches(50, 10, () => createUser('student'));
  }, 300_000);

  it('50 students booking 50 different tutors at once all get their hour, and the week counts exactly 50 bookings', async () => {
    const starts = await Promise.all(tutors.map(async (t) => (await freeStarts(t.userId))[0]!));
    const week = weekOf(new Date());
    const bookingsBefore = (await weekCounters(week)).bookings ?? 0;

    const answers = await Promise.all(students.map((s, i) => book(s, tutors[i]!.userId, starts[i]!)));
    expect(answers.map((a) => a.status).filter((s) => s !== 201)).toEqual([]);

    await eventually(async () => (await weekCounters(week)).bookings === bookingsBefore + 50, CONSUMER_WAIT_MS);
    // The 100 sign-ups above were counted once each too.
    await eventually(async () => (await platformCounters()).users === usersBefore + 100, CONSUMER_WAIT_MS);
    expect((await weekCounters(week)).bookings).toBe(bookingsBefore + 50);
  }, 120_000);

  it('50 students enrolling in one free course at once all enrol, and the course counts exactly 50', async () => {
    const author = tutors[0]!;
    await verifyThroughKyc(author);
    const token = author.accessToken;
    const { course } = await expectOk(callApi('createCourse', {
      token, body: { title: 'Busy course', description: 'Everyone joins at once', subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', durationWeeks: 4, price: null },
    }), 'create');
    await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: { title: 'Lesson 1', text: 'Read this' } }), 'lesson');
    await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish');

    const answers = await Promise.all(students.map((s) => callApi('enrolInCourse', { token: s.accessToken, params: { courseId: course.id } })));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);

    const count = async () => (await getItem(`COURSE#${course.id}`, 'COURSE'))?.enrolledCount as number | undefined;
    await eventually(async () => await count() === 50, CONSUMER_WAIT_MS);
    expect(await count()).toBe(50);
  }, 120_000);

  it('10 payments confirmed at once: revenue counted once each, and the ledger balances', async () => {
    const pairs = await inBatches(10, 10, async (i) => {
      const tutor = tutors[10 + i]!;
      const start = (await freeStarts(tutor.userId))[0]!;
      const booked = await book(students[i]!, tutor.userId, start);
      expect(booked.status).toBe(201);
      return { student: students[i]!, booking: booked.body.booking as { id: string; amountMinor: number } };
    });
    const revenueBefore = (await platformCounters()).revenueMinor ?? 0;
    await Promise.all(pairs.map(({ student, booking }) => payBooking(student, booking)));
    const paid = pairs.reduce((sum, p) => sum + p.booking.amountMinor, 0);
    await eventually(async () => (await platformCounters()).revenueMinor === revenueBefore + paid, CONSUMER_WAIT_MS);

    useStackEnvironment();
    const { runLedgerCheck } = await import('../../functions/ledger/service.js');
    // Each payment's entry is written by the ledger consumer; then every balance equals its entries.
    await eventually(async () => {
      const entries = await Promise.all(pairs.map(async ({ booking }) => getItem(`LEDGER#BOOKING#${booking.id}`, 'PAYMENT')));
      return entries.every(Boolean);
    }, CONSUMER_WAIT_MS);
    const check = await runLedgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  }, 120_000);
});

describe('a redelivered event', () => {
  it('counts a sign-up, a booking, a payment and a course enrolment once however often it arrives', async () => {
    const stats = '../../functions/admin/consumers/count-platform-stats.js';
    const courses = '../../functions/courses/consumers/count-enrolment.js';
    const now = new Date().toISOString();
    const week = weekOf(new Date());
    const before = { platform: await platformCounters(), week: await weekCounters(week) };

    const signUp = { userId: randomUUID(), email: 'twice@example.com', firstName: 'Twice', role: 'student' as const, adminRequested: false, occurredAt: now };
    const booking = { bookingId: randomUUID(), studentId: signUp.userId, tutorId: randomUUID(), subject: 'Mathematics', scheduledAt: now, durationMinutes: 60, occurredAt: now };
    const payment = { purpose: 'lesson' as const, bookingId: booking.bookingId, studentId: signUp.userId, tutorId: booking.tutorId, reference: `ref-${randomUUID()}`, amountMinor: 12_300, currency: 'KES' as const, occurredAt: now };
    for (let delivery = 0; delivery < 3; delivery++) {
      expect(await deliver(stats, 'UserSignedUp', signUp)).toEqual([]);
      expect(await deliver(stats, 'BookingCreated', booking)).toEqual([]);
      expect(await deliver(stats, 'PaymentConfirmed', payment)).toEqual([]);
    }
    const after = { platform: await platformCounters(), week: await weekCounters(week) };
    const grew = (name: string, of: 'platform' | 'week') => (after[of][name] ?? 0) - (before[of][name] ?? 0);
    expect({
      users: grew('users', 'platform'), students: grew('students', 'platform'), revenue: grew('revenueMinor', 'platform'), paid: grew('paidBookings', 'platform'),
      signUps: grew('signUps', 'week'), bookings: grew('bookings', 'week'), weekRevenue: grew('revenueMinor', 'week'),
    }).toEqual({ users: 1, students: 1, revenue: 12_300, paid: 1, signUps: 1, bookings: 1, weekRevenue: 12_300 });

    // A course's enrolments: the free enrolment and a paid one, each delivered twice.
    const tutor = await createUser('tutor');
    await verifyThroughKyc(tutor);
    const { course } = await expectOk(callApi('createCourse', {
      token: tutor.accessToken, body: { title: 'Counted once', description: 'Redelivered events', subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', durationWeeks: 4, price: null },
    }), 'create');
    const enrolled = { courseId: course.id, studentId: randomUUID(), tutorId: tutor.userId, occurredAt: now };
    const paidFor = { purpose: 'course' as const, courseId: course.id, studentId: randomUUID(), tutorId: tutor.userId, reference: `ref-${randomUUID()}`, amountMinor: 50_000, currency: 'KES' as const, occurredAt: now };
    for (let delivery = 0; delivery < 2; delivery++) {
      expect(await deliver(courses, 'CourseEnrolled', enrolled)).toEqual([]);
      expect(await deliver(courses, 'PaymentConfirmed', paidFor)).toEqual([]);
    }
    expect(await getItem(`COURSE#${course.id}`, 'COURSE')).toMatchObject({ enrolledCount: 2, revenueMinor: 50_000 });
  }, 120_000);
});
