/**
 * The tutor earnings ledger against the emulator: a paid lesson's money held,
 * split when it completes (15 % fee), pending for the dispute window then available (the release
 * job at its edges), refunds before the lesson, while pending and once available through the
 * Paystack sandbox's real refund webhooks, replayed events, the tutor's and the super admin's
 * figures over HTTP, the CSV export, and the ledger check after 200 random operations.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { entryId } from '../../functions/ledger/keys.js';
import { recordLessonEarned, recordPayment, recordRefund, releaseDueEarnings, runLedgerCheck } from '../../functions/ledger/service.js';
import { callApi, createUser, eventually, expectOk, signInDemoAdmin, type TestUser } from '../support/api.js';
import { getItem, paidCourse, paidLesson, paidThroughSandbox } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

const HOUR = 3_600_000;
beforeAll(() => useStackEnvironment());

const entry = (kind: Parameters<typeof entryId>[0], reference: string) => getItem(`LEDGER#ENTRY#${entryId(kind, reference)}`, 'ENTRY');
const entryEventually = (kind: Parameters<typeof entryId>[0], reference: string) => eventually(() => entry(kind, reference), 15_000);
const referenceOf = async (bookingId: string) => String((await getItem(`BOOKING#${bookingId}`, 'BOOKING'))!.paymentReference);
const earnings = (tutor: TestUser) => expectOk(callApi('getMyLedger', { token: tutor.accessToken }), 'earnings');
const sourceOf = (reference: string) => getItem(`LEDGER#PAYMENT#${reference}`, 'SOURCE');

/** A lesson paid and taught: the tutor ended it at `at`. */
async function taughtLesson(paid: { booking: { id: string } }, at = new Date()) {
  const reference = await referenceOf(paid.booking.id);
  await entryEventually('payment', reference);
  expect(await completeLesson(paid.booking.id, 'ended_by_tutor', at)).toBe(true);
  await entryEventually('earned', reference);
  return reference;
}

describe('a lesson\'s money through the ledger', () => {
  it('is held when paid, split 85/15 when taught, pending for 48 h, then available; the tutor and the super admin see it', async () => {
    const admin = await signInDemoAdmin();
    const before = await expectOk(callApi('getPlatformLedger', { token: admin.accessToken }), 'platform');
    const paid = await paidLesson();
    const reference = await referenceOf(paid.booking.id);
    expect(await entryEventually('payment', reference)).toMatchObject({
      postings: [{ account: 'student_payments', amountMinor: -150_000 }, { account: 'lessons_held', amountMinor: 150_000 }],
    });
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0, feePercent: 15, disputeWindowHours: 48 });

    const completedAt = new Date();
    await taughtLesson(paid, completedAt);
    expect(await entry('earned', reference)).toMatchObject({
      feeBasisPoints: 1_500,
      postings: [{ account: 'lessons_held', amountMinor: -150_000 }, { account: 'tutor_pending', amountMinor: 127_500 }, { account: 'platform_revenue', amountMinor: 22_500 }],
    });
    const mine = await earnings(paid.tutor);
    expect(mine).toMatchObject({ pendingMinor: 127_500, availableMinor: 0, paidOutMinor: 0 });
    expect(mine.history[0]).toMatchObject({ kind: 'earned', bookingId: paid.booking.id, grossMinor: 150_000, feeMinor: 22_500, feePercent: 15, pendingMinor: 127_500 });
    // The line names what it was for: the lesson's subject, the student's first name and the lesson's start.
    const student = await getItem(`USER#${paid.student.userId}`, 'PROFILE');
    expect(mine.history[0]).toMatchObject({ subject: 'Mathematics', studentFirstName: student!.firstName, lessonAt: paid.booking.scheduledAt });
    const after = await expectOk(callApi('getPlatformLedger', { token: admin.accessToken }), 'platform');
    // Other tests' money may move meanwhile: at least this lesson's fee and share arrived.
    expect(after.platformRevenueMinor - before.platformRevenueMinor).toBeGreaterThanOrEqual(22_500);
    expect(after.heldForTutorsMinor - before.heldForTutorsMinor).toBeGreaterThanOrEqual(127_500);

    // The dispute window: a millisecond early releases nothing of this lesson, its end releases it, once.
    const windowEnd = completedAt.getTime() + 48 * HOUR;
    await runJobAt('ledger-release', new Date(windowEnd - 1));
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 127_500, availableMinor: 0 });
    await Promise.all([runJobAt('ledger-release', new Date(windowEnd)), runJobAt('ledger-release', new Date(windowEnd + HOUR))]);
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 127_500 });
    // The release is a move between the tutor's own balances: the lesson stays one line, now available.
    const released = (await earnings(paid.tutor)).history;
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ kind: 'earned', pendingMinor: 127_500, availableSince: new Date(windowEnd).toISOString() });
  });

  it('counts redelivered events once', async () => {
    const paid = await paidLesson();
    const reference = await taughtLesson(paid);
    const payment = { reference, purpose: 'lesson' as const, tutorId: paid.tutor.userId, bookingId: paid.booking.id, amountMinor: 150_000, paidAt: new Date().toISOString() };
    await Promise.all([recordPayment(payment), recordPayment(payment), recordLessonEarned(paid.booking.id, new Date().toISOString())]);
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 127_500, availableMinor: 0 });
    expect((await earnings(paid.tutor)).history).toHaveLength(1);
  });

  it('a course purchase is earned at once (no lesson to wait for), pending for the window', async () => {
    const tutor = await createUser('tutor');
    const reference = `course-${randomUUID()}`;
    await recordPayment({ reference, purpose: 'course', tutorId: tutor.userId, courseId: randomUUID(), amountMinor: 99_900, paidAt: new Date().toISOString() });
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 84_915, availableMinor: 0 });
    expect(await sourceOf(reference)).toMatchObject({ stage: 'pending', feeMinor: 14_985, tutorMinor: 84_915 });
  });

  it('a course sale\'s line names the course', async () => {
    const { tutor, course } = await paidCourse({ title: 'KCSE Biology in Six Weeks' });
    const reference = `course-${randomUUID()}`;
    await recordPayment({ reference, purpose: 'course', tutorId: tutor.userId, courseId: course.id, amountMinor: 150_000, paidAt: new Date().toISOString() });
    expect((await earnings(tutor)).history[0]).toMatchObject({ kind: 'payment', courseId: course.id, courseTitle: 'KCSE Biology in Six Weeks' });
  });

  it('a course sale released after its window stays one credit in the history, now available', async () => {
    const { tutor, course } = await paidCourse({ title: 'Form Two Chemistry' });
    const reference = `course-${randomUUID()}`;
    const paidAt = new Date();
    await recordPayment({ reference, purpose: 'course', tutorId: tutor.userId, courseId: course.id, amountMinor: 150_000, paidAt: paidAt.toISOString() });
    await runJobAt('ledger-release', new Date(paidAt.getTime() + 48 * HOUR));
    await entryEventually('released', reference);
    const mine = await earnings(tutor);
    expect(mine).toMatchObject({ pendingMinor: 0, availableMinor: 127_500 });
    expect(mine.history).toEqual([expect.objectContaining({ kind: 'payment', courseTitle: 'Form Two Chemistry', pendingMinor: 127_500, availableSince: new Date(paidAt.getTime() + 48 * HOUR).toISOString() })]);
  });
});

describe('refunds in the ledger (through the sandbox\'s refund webhooks)', () => {
  const refund = async (reference: string) => {
    const admin = await signInDemoAdmin();
    await expectOk(callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'Dispute settled for the student' } }), 'refund');
    return entryEventually('refund', reference);
  };

  it('before the lesson: the money held goes back, the tutor never earns it', async () => {
    const paid = await paidThroughSandbox();
    await entryEventually('payment', paid.reference);
    expect(await refund(paid.reference)).toMatchObject({
      postings: [{ account: 'lessons_held', amountMinor: -150_000 }, { account: 'refunds', amountMinor: 150_000 }],
    });
    expect(await sourceOf(paid.reference)).toMatchObject({ stage: 'refunded' });
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
  });

  it('inside the dispute window: the tutor\'s pending share and the fee are reversed', async () => {
    const paid = await paidThroughSandbox();
    await taughtLesson(paid);
    expect(await refund(paid.reference)).toMatchObject({
      postings: [{ account: 'tutor_pending', amountMinor: -127_500 }, { account: 'platform_revenue', amountMinor: -22_500 }, { account: 'refunds', amountMinor: 150_000 }],
    });
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
    // Nothing left to release for it.
    await runJobAt('ledger-release', new Date(Date.now() + 49 * HOUR));
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
  });

  it('once available: the tutor keeps it and the platform gives the money back from its fees', async () => {
    const paid = await paidThroughSandbox();
    const completedAt = new Date();
    await taughtLesson(paid, completedAt);
    await runJobAt('ledger-release', new Date(completedAt.getTime() + 48 * HOUR));
    expect(await refund(paid.reference)).toMatchObject({
      postings: [{ account: 'platform_revenue', amountMinor: -150_000 }, { account: 'refunds', amountMinor: 150_000 }],
    });
    expect(await earnings(paid.tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 127_500 });
  });
});

describe('super admin ledger', () => {
  it('exports a date range as CSV, one row per posting; tutors and students may not', async () => {
    const paid = await paidLesson();
    const reference = await taughtLesson(paid);
    const admin = await signInDemoAdmin();
    const today = new Date().toISOString().slice(0, 10);
    const out = await expectOk(callApi('exportLedger', { token: admin.accessToken, query: { from: today, to: today } }), 'export');
    expect(out.csv.split('\r\n')[0]).toBe('at,entry,kind,reference,booking,course,tutor,account,amount_kes');
    expect(out.csv).toContain(`earned#${reference},earned,${reference},${paid.booking.id},,${paid.tutor.userId},tutor_pending,1275.00`);
    const yesterday = new Date(Date.now() - 24 * HOUR).toISOString().slice(0, 10);
    const before = await expectOk(callApi('exportLedger', { token: admin.accessToken, query: { from: yesterday, to: yesterday } }), 'export');
    expect(before.csv).not.toContain(reference);
    expect((await callApi('exportLedger', { token: admin.accessToken, query: { from: today, to: yesterday } })).status).toBe(400);
    expect((await callApi('exportLedger', { token: paid.tutor.accessToken, query: { from: today, to: today } })).status).toBe(403);
    expect((await callApi('getPlatformLedger', { token: paid.student.accessToken })).status).toBe(403);
    expect((await callApi('getMyLedger', { token: paid.student.accessToken })).status).toBe(403);
  });
});

describe('the ledger check', () => {
  it('balances after a random sequence of 200 payments, completions, releases, refunds and replays', async () => {
    let seed = 2026;
    const rand = () => ((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
    const tutors = Array.from({ length: 4 }, () => randomUUID());
    const payments: Array<{ reference: string; purpose: 'lesson' | 'course'; tutorId: string; bookingId?: string; courseId?: string; amountMinor: number; paidAt: string }> = [];
    const start = Date.now();
    let clock = start;
    for (let op = 0; op < 200; op++) {
      clock += Math.floor(rand() * 6 * HOUR);
      const at = new Date(clock).toISOString();
      const roll = rand();
      if (roll < 0.35 || payments.length === 0) {
        const course = rand() < 0.2;
        const payment = {
          reference: `fuzz-${randomUUID()}`, purpose: course ? 'course' as const : 'lesson' as const, tutorId: pick(tutors),
          ...(course ? { courseId: randomUUID() } : { bookingId: randomUUID() }),
          amountMinor: Math.floor(20_000 + rand() * 5_000_000), paidAt: at,
        };
        payments.push(payment);
        await recordPayment(payment);
      } else if (roll < 0.6) {
        const lesson = pick(payments.filter((p) => p.bookingId).concat(payments[0]!));
        if (lesson.bookingId) await recordLessonEarned(lesson.bookingId, at);
      } else if (roll < 0.75) {
        await releaseDueEarnings(new Date(clock));
      } else if (roll < 0.88) {
        const paid = pick(payments);
        await recordRefund({ reference: paid.reference, refundMinor: rand() < 0.8 ? paid.amountMinor : Math.floor(paid.amountMinor / 2), at, payment: paid });
      } else {
        // A replay of something already done.
        const paid = pick(payments);
        await recordPayment(paid);
        if (paid.bookingId) await recordLessonEarned(paid.bookingId, at);
      }
    }
    const check = await runLedgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.paymentsMinor).toBe(check.lessonsHeldMinor + check.tutorEarningsMinor + check.platformRevenueMinor + check.refundsMinor);
  });
});
