/**
 * Booking items in the single table (docs/data-model.md):
 *   booking    pk BOOKING#{id}     sk BOOKING          gsi1 STUDENT#{studentId} / {scheduledAt}#{id}
 *                                                      gsi2 TUTORBOOKINGS#{tutorId} / {scheduledAt}#{id}
 *                                                      gsi3 LESSONS#{yyyy-mm-dd} / {scheduledAt}#{id} once paid
 *   hour lock  pk TUTOR#{tutorId}  sk LOCK#{startIso}  bookingId, expiresAt (epoch s) while unpaid
 * Locks sit in the tutor's partition so the calendar reads a window of them in one Query.
 * Payments confirm a booking in their own transaction with the Update builders below.
 * Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import { tutorPk } from '../tutors/keys.js';
import { Booking } from './contract.js';

export const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });
export const studentBookingsPartition = (studentId: string) => `STUDENT#${studentId}`;
export const tutorBookingsPartition = (tutorId: string) => `TUTORBOOKINGS#${tutorId}`;
/**
 * Paid lessons by the UTC day they start on (gsi3; sparse: only paid bookings have it), for the
 * lessons job (reminders, completion) and the super admin's list. A day per partition keeps
 * each one small and a time range a few Queries.
 */
export const paidLessonsPartition = (day: string) => `LESSONS#${day}`;
export const lessonTimeSk = (scheduledAt: string, id: string) => `${scheduledAt}#${id}`;

const LOCK_PREFIX = 'LOCK#';
export const hourLockSk = (startIso: string) => `${LOCK_PREFIX}${startIso}`;
export const hourLockKey = (tutorId: string, startIso: string) => ({ pk: tutorPk(tutorId), sk: hourLockSk(startIso) });

/** A booking as stored: its index keys and the hours it locked. */
export function bookingItem(booking: Booking, lockedHours: readonly string[]): Record<string, unknown> {
  return {
    ...bookingKey(booking.id), entity: 'Booking', ...booking, lockedHours,
    gsi1pk: studentBookingsPartition(booking.studentId), gsi1sk: lessonTimeSk(booking.scheduledAt, booking.id),
    gsi2pk: tutorBookingsPartition(booking.tutorId), gsi2sk: lessonTimeSk(booking.scheduledAt, booking.id),
  };
}

/** A stored booking with the hours it locked (keys stripped). */
export const StoredBooking = Booking.extend({ lockedHours: z.array(z.string()).default([]) });
export type StoredBooking = z.infer<typeof StoredBooking>;

export const HourLockItem = z.object({ sk: z.string().startsWith(LOCK_PREFIX), bookingId: z.string(), expiresAt: z.number().optional() })
  .transform(({ sk, ...lock }) => ({ start: sk.slice(LOCK_PREFIX.length), ...lock }));

// ---- Transaction items for payments (callers add TableName) ----

/** Records the latest payment reference on an existing, unpaid booking. */
export const bookingPaymentReferenceUpdate = (bookingId: string, reference: string) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET paymentReference = :ref',
  ConditionExpression: 'attribute_exists(pk) AND paymentStatus <> :paid',
  ExpressionAttributeValues: { ':ref': reference, ':paid': 'paid' },
});

/**
 * Marks the booking paid and confirmed, unless it already is (paid under another reference), and
 * enters it in the paid lessons index under the day it starts.
 */
export const bookingPaidUpdate = (booking: Pick<Booking, 'id' | 'scheduledAt'>, reference: string, paidAt: string) => ({
  Key: bookingKey(booking.id),
  UpdateExpression: 'SET paymentStatus = :paid, #s = :confirmed, paidAt = :at, paymentReference = :ref, gsi3pk = :day, gsi3sk = :time REMOVE holdExpiresAt',
  ConditionExpression: 'paymentStatus <> :paid',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: {
    ':paid': 'paid', ':confirmed': 'confirmed', ':at': paidAt, ':ref': reference,
    ':day': paidLessonsPartition(booking.scheduledAt.slice(0, 10)), ':time': lessonTimeSk(booking.scheduledAt, booking.id),
  },
});

/** The hold on an hour becomes permanent, but only if the hour is still this booking's. */
export const hourLockKeptUpdate = (tutorId: string, startIso: string, bookingId: string) => ({
  Key: hourLockKey(tutorId, startIso),
  UpdateExpression: 'REMOVE expiresAt',
  ConditionExpression: 'bookingId = :id',
  ExpressionAttributeValues: { ':id': bookingId },
});

// ---- Lesson completion (live lessons and the lessons job call bookings' service) ----

/**
 * A paid, confirmed lesson becomes completed, once: the condition refuses unpaid bookings and
 * lessons already completed (a replayed end, or the job and the tutor at once). The event is
 * published after the write; `completionPublished` false until then lets a retry finish it
 * (after claiming it: completionClaimUpdate).
 */
export const bookingCompletedUpdate = (bookingId: string, completedAt: string, reason: string) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET #s = :completed, completedAt = :at, completedBy = :reason, completionPublished = :no',
  ConditionExpression: 'attribute_exists(pk) AND paymentStatus = :paid AND #s = :confirmed',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':completed': 'completed', ':at': completedAt, ':reason': reason, ':no': false, ':paid': 'paid', ':confirmed': 'confirmed' },
});

/**
 * A later call takes over an announcement still owed (the completing call crashed before
 * publishing), once: only after `staleBefore` (calls racing the completing one leave it to that
 * call), and only one claimer per lease (`publishClaimedAt`).
 */
export const completionClaimUpdate = (bookingId: string, now: string, staleBefore: string) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET publishClaimedAt = :now',
  ConditionExpression: 'completionPublished = :no AND completedAt <= :stale AND (attribute_not_exists(publishClaimedAt) OR publishClaimedAt <= :stale)',
  ExpressionAttributeValues: { ':now': now, ':no': false, ':stale': staleBefore },
});

// ---- Cancellation, refunds and no-shows (cancel-service.ts; payments' refund transaction) ----

/** A tutor's record of lessons they let down: late cancellations and no-shows (ADD counters). */
export const tutorRecordKey = (tutorId: string) => ({ pk: tutorPk(tutorId), sk: 'BOOKINGRECORD' });
export const TutorRecordItem = z.object({ lateCancellations: z.number().default(0), noShows: z.number().default(0) });
export type TutorRecord = z.infer<typeof TutorRecordItem>;
export const addToTutorRecord = (tutorId: string, amounts: Partial<TutorRecord>) => ({
  Key: tutorRecordKey(tutorId),
  UpdateExpression: `ADD ${Object.keys(amounts).map((name) => `${name} :${name}`).join(', ')}`,
  ExpressionAttributeValues: Object.fromEntries(Object.entries(amounts).map(([name, n]) => [`:${name}`, n])),
});

/**
 * The booking becomes cancelled, but only from the state the decision was made on: a second
 * cancel, or a payment confirming it meanwhile, fails the condition and the caller decides again.
 */
export const bookingCancelledUpdate = (
  bookingId: string, cancellation: NonNullable<Booking['cancellation']>, seen: Pick<Booking, 'status' | 'paymentStatus'>,
) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET #s = :cancelled, cancellation = :c',
  ConditionExpression: '#s = :seen AND paymentStatus = :seenPayment',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':cancelled': 'cancelled', ':c': cancellation, ':seen': seen.status, ':seenPayment': seen.paymentStatus },
});

/** Frees an hour, but only while it is still this booking's (an expired hold may have been retaken). */
export const hourLockReleasedDelete = (tutorId: string, startIso: string, bookingId: string) => ({
  Key: hourLockKey(tutorId, startIso),
  ConditionExpression: 'bookingId = :id',
  ExpressionAttributeValues: { ':id': bookingId },
});

/** A paid, confirmed lesson the student did not come to: completed (the tutor is paid), once. */
export const bookingStudentNoShowUpdate = (bookingId: string, at: string) => ({
  Key: bookingKey(bookingId),
  // No LessonCompleted for it: there was no lesson to ask the student about.
  UpdateExpression: 'SET #s = :completed, completedAt = :at, completedBy = :reason, noShow = :student, completionPublished = :yes',
  ConditionExpression: 'attribute_exists(pk) AND paymentStatus = :paid AND #s = :confirmed',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: {
    ':completed': 'completed', ':at': at, ':reason': 'student_no_show', ':student': 'student', ':yes': true, ':paid': 'paid', ':confirmed': 'confirmed',
  },
});

/** A paid, confirmed lesson the tutor did not come to: cancelled by the system, refund due, once. */
export const bookingTutorNoShowUpdate = (bookingId: string, cancellation: NonNullable<Booking['cancellation']>) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET #s = :cancelled, cancellation = :c, noShow = :tutor',
  ConditionExpression: 'attribute_exists(pk) AND paymentStatus = :paid AND #s = :confirmed',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':cancelled': 'cancelled', ':c': cancellation, ':tutor': 'tutor', ':paid': 'paid', ':confirmed': 'confirmed' },
});

/** The refund of the booking's payment was asked of the provider (set once; a retry after a failure replaces it). */
export const bookingRefundRequestedUpdate = (bookingId: string, refund: NonNullable<Booking['refund']>) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET refund = :r',
  ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(refund) OR refund.#rs = :failed)',
  ExpressionAttributeNames: { '#rs': 'status' },
  ExpressionAttributeValues: { ':r': refund, ':failed': 'failed' },
});

/**
 * The provider's word on the refund. Processed is final: the money is back, the payment status
 * becomes refunded, and no later (replayed or out-of-order) report changes it.
 */
export const bookingRefundStatusUpdate = (bookingId: string, status: 'pending' | 'processed' | 'failed', at: string) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: status === 'processed'
    ? 'SET refund.#rs = :s, refund.processedAt = :at, paymentStatus = :refunded'
    : 'SET refund.#rs = :s',
  ConditionExpression: 'attribute_exists(refund) AND refund.#rs <> :processed',
  ExpressionAttributeNames: { '#rs': 'status' },
  ExpressionAttributeValues: {
    ':s': status, ':processed': 'processed',
    ...(status === 'processed' ? { ':at': at, ':refunded': 'refunded' } : {}),
  },
});
