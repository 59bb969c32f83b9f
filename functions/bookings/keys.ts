/**
 * Booking items in the single table (docs/data-model.md):
 *   booking    pk BOOKING#{id}     sk BOOKING          gsi1 STUDENT#{studentId} / {scheduledAt}#{id} (the payer: a parent for a child's lesson)
 *                                                      gsi2 TUTORBOOKINGS#{tutorId} / {scheduledAt}#{id}
 *                                                      gsi3 LESSONS#{yyyy-mm-dd} / {scheduledAt}#{id} once paid
 *   hour lock  pk TUTOR#{tutorId}  sk LOCK#{startIso}  bookingId, expiresAt (epoch s) while unpaid
 *   trial      pk TUTOR#{tutorId}  sk TRIAL#LEARNER#{learnerId} | TRIAL#STUDENT#{studentId}  bookingId: the learner's one trial with the tutor
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

/** The marker of a learner's one trial with a tutor (trial.ts trialLearnerKey), written with the trial booking. */
export const trialMarkerKey = (tutorId: string, learnerKey: string) => ({ pk: tutorPk(tutorId), sk: `TRIAL#${learnerKey}` });
export const TrialMarkerItem = z.object({ bookingId: z.string() });

/** A booking as stored: its index keys and the hours it locked. */
export function bookingItem(booking: Booking, lockedHours: readonly string[]): Record<string, unknown> {
  return {
    ...bookingKey(booking.id), entity: 'Booking', ...booking, lockedHours,
    // A lesson for a child names its household and learner at the top, as every household item does.
    ...(booking.learner ? { parentId: booking.studentId, learnerId: booking.learner.id } : {}),
    gsi1pk: studentBookingsPartition(booking.studentId), gsi1sk: lessonTimeSk(booking.scheduledAt, booking.id),
    gsi2pk: tutorBookingsPartition(booking.tutorId), gsi2sk: lessonTimeSk(booking.scheduledAt, booking.id),
  };
}

/** A booking written already paid (a pack's credit): also in the paid lessons index under its day. */
export const paidBookingItem = (booking: Booking, lockedHours: readonly string[]): Record<string, unknown> => ({
  ...bookingItem(booking, lockedHours),
  gsi3pk: paidLessonsPartition(booking.scheduledAt.slice(0, 10)), gsi3sk: lessonTimeSk(booking.scheduledAt, booking.id),
});

/** A stored booking with the hours it locked (keys stripped). */
export const StoredBooking = Booking.extend({ lockedHours: z.array(z.string()).default([]) });
export type StoredBooking = z.infer<typeof StoredBooking>;

/**
 * The booking's version, for optimistic concurrency between the writes that change which hours it
 * holds: a cancel (frees the hours it read in lockedHours) and an accepted move (frees the old
 * hours, locks new ones). Each is conditioned on the version it read and adds one, so when both
 * arrive together one fails and decides again on the booking as now stored; a cancel can never
 * free the old hours of a lesson that moved meanwhile and leave its new hour locked. A booking
 * neither cancelled nor moved has none stored: version 0.
 */
export const BookingVersion = z.object({ version: z.number().int().nonnegative().default(0) });

/** The condition and values of a write made on the version `seen` (BookingVersion); it stores the next one. */
const versionChecked = (seen: number) => ({
  condition: seen === 0 ? 'attribute_not_exists(#v)' : '#v = :seenVersion',
  values: { ':nextVersion': seen + 1, ...(seen === 0 ? {} : { ':seenVersion': seen }) },
});

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

/**
 * An unpaid booking's hold is moved to `holdExpiresAt` (a weekly plan's later lesson, held until
 * the grace after its own charge date), only while it is still pending and unpaid.
 */
export const bookingHoldMovedUpdate = (bookingId: string, holdExpiresAt: string) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'SET holdExpiresAt = :h',
  ConditionExpression: 'attribute_exists(pk) AND paymentStatus <> :paid AND #s = :pending',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':h': holdExpiresAt, ':paid': 'paid', ':pending': 'pending' },
});

/** The matching hour lock's expiry, only while the hour is still this booking's unpaid hold. */
export const hourLockHoldMovedUpdate = (tutorId: string, startIso: string, bookingId: string, expiresAt: number) => ({
  Key: hourLockKey(tutorId, startIso),
  UpdateExpression: 'SET expiresAt = :e',
  ConditionExpression: 'bookingId = :id AND attribute_exists(expiresAt)',
  ExpressionAttributeValues: { ':id': bookingId, ':e': expiresAt },
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
  bookingId: string, cancellation: NonNullable<Booking['cancellation']>, seen: Pick<Booking, 'status' | 'paymentStatus'> & { version: number },
) => {
  // Also on the version read: a move accepted meanwhile changed the hours this cancel would free.
  const version = versionChecked(seen.version);
  return {
    Key: bookingKey(bookingId),
    UpdateExpression: 'SET #s = :cancelled, cancellation = :c, #v = :nextVersion',
    ConditionExpression: `#s = :seen AND paymentStatus = :seenPayment AND ${version.condition}`,
    ExpressionAttributeNames: { '#s': 'status', '#v': 'version' },
    ExpressionAttributeValues: {
      ':cancelled': 'cancelled', ':c': cancellation, ':seen': seen.status, ':seenPayment': seen.paymentStatus, ...version.values,
    },
  };
};

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

/**
 * A refund owed on a cancelled booking's payment, written in the cancelling transaction and
 * deleted in the one that records the refund (payments' recordRefundRequest): if a process dies
 * in between, the refunds-due job finds it (sparse gsi1 `REFUNDDUE`, oldest first) and asks again.
 */
export const REFUNDS_DUE_PARTITION = 'REFUNDDUE';
export const refundDueKey = (bookingId: string, reference: string) => ({ pk: bookingKey(bookingId).pk, sk: `REFUNDDUE#${reference}` });
export const RefundDueItem = z.object({
  bookingId: z.string(), reference: z.string(), by: z.enum(['student', 'tutor', 'system']), reason: z.string(), dueAt: z.string(),
  /** A lesson booked from a pack: what is owed is its credit back to the pack, not money. */
  packId: z.string().optional(),
});
export type RefundDue = z.infer<typeof RefundDueItem>;
export const refundDueItem = (due: RefundDue) => ({
  ...refundDueKey(due.bookingId, due.reference), entity: 'RefundDue', ...due,
  gsi1pk: REFUNDS_DUE_PARTITION, gsi1sk: `${due.dueAt}#${due.bookingId}`,
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
// ---- Rescheduling (reschedule-service.ts) ----

/** The lesson it applies to: still paid and confirmed, still at the time the caller read. */
const movableLessonCondition = '#s = :confirmed AND paymentStatus = :paid AND scheduledAt = :at';
const movableLessonValues = (scheduledAt: string) => ({ ':confirmed': 'confirmed', ':paid': 'paid', ':at': scheduledAt });

/**
 * Records a proposal to move the lesson, unless the other party's proposal is open (its
 * proposer's own one is replaced).
 */
export const rescheduleProposalUpdate = (
  booking: Pick<Booking, 'id' | 'scheduledAt'>, proposal: NonNullable<Booking['rescheduleProposal']>,
) => ({
  Key: bookingKey(booking.id),
  UpdateExpression: 'SET rescheduleProposal = :proposal',
  ConditionExpression: `attribute_exists(pk) AND ${movableLessonCondition} AND (attribute_not_exists(rescheduleProposal) OR rescheduleProposal.#by = :by)`,
  ExpressionAttributeNames: { '#s': 'status', '#by': 'by' },
  ExpressionAttributeValues: { ...movableLessonValues(booking.scheduledAt), ':proposal': proposal, ':by': proposal.by },
});

/** Removes exactly the proposal the caller answered (declined or withdrew), not a newer one. */
export const rescheduleProposalClearedUpdate = (bookingId: string, proposal: Pick<NonNullable<Booking['rescheduleProposal']>, 'by' | 'start'>) => ({
  Key: bookingKey(bookingId),
  UpdateExpression: 'REMOVE rescheduleProposal',
  ConditionExpression: 'rescheduleProposal.#by = :by AND rescheduleProposal.#start = :start',
  ExpressionAttributeNames: { '#by': 'by', '#start': 'start' },
  ExpressionAttributeValues: { ':by': proposal.by, ':start': proposal.start },
});

/**
 * The accepted move: the new start everywhere it is sorted by (the student's and tutor's lists,
 * the paid lessons index under its new day), the hours it now holds, and when it moved (the
 * lessons job's reminders start over from it). Only the proposal the caller accepted, on the
 * lesson as they read it.
 */
export const bookingMovedUpdate = (
  booking: Pick<Booking, 'id' | 'scheduledAt' | 'freeCancellationUntil'> & { version: number },
  proposal: Pick<NonNullable<Booking['rescheduleProposal']>, 'by' | 'start'>,
  hours: readonly string[], movedAt: string, freeCancellationUntil: string,
) => {
  const time = lessonTimeSk(proposal.start, booking.id);
  // A booking that records its free-cancellation deadline keeps it true for the new time.
  const deadline = booking.freeCancellationUntil ? ', freeCancellationUntil = :free' : '';
  const version = versionChecked(booking.version);
  return {
    Key: bookingKey(booking.id),
    UpdateExpression: `SET scheduledAt = :start, lockedHours = :hours, gsi1sk = :time, gsi2sk = :time, gsi3pk = :day, gsi3sk = :time, rescheduledAt = :movedAt, #v = :nextVersion${deadline} REMOVE rescheduleProposal`,
    ConditionExpression: `attribute_exists(pk) AND ${movableLessonCondition} AND rescheduleProposal.#by = :by AND rescheduleProposal.#start = :start AND ${version.condition}`,
    ExpressionAttributeNames: { '#s': 'status', '#by': 'by', '#start': 'start', '#v': 'version' },
    ExpressionAttributeValues: {
      ...movableLessonValues(booking.scheduledAt), ':by': proposal.by, ':start': proposal.start, ':hours': hours, ':time': time,
      ':day': paidLessonsPartition(proposal.start.slice(0, 10)), ':movedAt': movedAt, ...version.values,
      ...(deadline ? { ':free': freeCancellationUntil } : {}),
    },
  };
};

/** A paid lesson's hour, taken for good: free, or held by an unpaid booking whose hold has run out. */
export const paidHourLockPut = (tutorId: string, startIso: string, bookingId: string, now: Date) => ({
  Item: { ...hourLockKey(tutorId, startIso), entity: 'HourLock', bookingId },
  ConditionExpression: 'attribute_not_exists(pk) OR (attribute_exists(expiresAt) AND expiresAt <= :now)',
  ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
});

/** Frees an hour this booking held (never another booking's: an expired hold may have been retaken). */
export const hourLockReleasedDelete = (tutorId: string, startIso: string, bookingId: string) => ({
  Key: hourLockKey(tutorId, startIso),
  ConditionExpression: 'attribute_not_exists(pk) OR bookingId = :id',
  ExpressionAttributeValues: { ':id': bookingId },
});

/**
 * A weekly plan's lesson moved to its plan's new slot (plans' slot change): the new start wherever
 * it is sorted by (and, once paid, the paid lessons index under its new day), the hours it now
 * holds, when it moved (the lessons job's reminders start over from it). Only on the lesson as the
 * change read it: still at `from`, still paid and confirmed (or still an unpaid pending hold), on
 * the version read; an open proposal to move it alone goes (it was for the old time).
 */
export const planLessonMovedUpdate = (
  booking: Pick<Booking, 'id' | 'status' | 'paymentStatus' | 'freeCancellationUntil'> & { version: number },
  from: string, to: string, hours: readonly string[], movedAt: string, freeCancellationUntil: string,
) => {
  const time = lessonTimeSk(to, booking.id);
  const paid = booking.paymentStatus === 'paid';
  const version = versionChecked(booking.version);
  const sets = ['scheduledAt = :start', 'lockedHours = :hours', 'gsi1sk = :time', 'gsi2sk = :time', 'rescheduledAt = :movedAt', '#v = :nextVersion',
    ...(paid ? ['gsi3pk = :day', 'gsi3sk = :time'] : []), ...(booking.freeCancellationUntil ? ['freeCancellationUntil = :free'] : [])];
  return {
    Key: bookingKey(booking.id),
    UpdateExpression: `SET ${sets.join(', ')} REMOVE rescheduleProposal`,
    ConditionExpression: `attribute_exists(pk) AND scheduledAt = :at AND #s = :seen AND paymentStatus = :seenPayment AND ${version.condition}`,
    ExpressionAttributeNames: { '#s': 'status', '#v': 'version' },
    ExpressionAttributeValues: {
      ':at': from, ':seen': booking.status, ':seenPayment': booking.paymentStatus, ':start': to, ':hours': hours, ':time': time,
      ':movedAt': movedAt, ...version.values, ...(paid ? { ':day': paidLessonsPartition(to.slice(0, 10)) } : {}),
      ...(booking.freeCancellationUntil ? { ':free': freeCancellationUntil } : {}),
    },
  };
};

/** The new hour of a moved plan lesson: free or a hold run out, then held for good (paid) or until the lesson's hold runs out. */
export const movedHourLockPut = (tutorId: string, startIso: string, bookingId: string, now: Date, expiresAt?: number) => ({
  Item: { ...hourLockKey(tutorId, startIso), entity: 'HourLock', bookingId, ...(expiresAt ? { expiresAt } : {}) },
  ConditionExpression: 'attribute_not_exists(pk) OR (attribute_exists(expiresAt) AND expiresAt <= :now)',
  ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
});
