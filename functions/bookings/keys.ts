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
