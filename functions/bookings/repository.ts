/**
 * Bookings and their hour locks (keys in keys.ts). A booking and its hour locks are written in
 * one transaction. A lock may be taken when it does not exist or its hold has expired, so a
 * tutor's hour is never held by two bookings. Items are parsed when read: a corrupt booking
 * fails the request (500) rather than vanishing from a list.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { batchGet } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { tutorPk } from '../tutors/keys.js';
import { Booking } from './contract.js';
import {
  addToTutorRecord, bookingCancelledUpdate, bookingStudentNoShowUpdate, bookingTutorNoShowUpdate,
  tutorRecordKey, TutorRecordItem, type TutorRecord,
  refundDueItem, refundDueKey, RefundDueItem, REFUNDS_DUE_PARTITION, type RefundDue,
} from './keys.js';
import {
  BookingVersion, bookingCompletedUpdate, bookingItem, bookingKey, completionClaimUpdate, hourLockKey, HourLockItem, hourLockSk, paidLessonsPartition,
  StoredBooking, studentBookingsPartition, tutorBookingsPartition,
  bookingMovedUpdate, hourLockReleasedDelete, paidHourLockPut, rescheduleProposalClearedUpdate, rescheduleProposalUpdate,
  bookingHoldMovedUpdate, hourLockHoldMovedUpdate, movedHourLockPut, planLessonMovedUpdate, paidBookingItem, trialMarkerKey, TrialMarkerItem,
} from './keys.js';
import { overlappedHours } from './rules.js';

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export class HourTaken extends Error {}
export class TrialTaken extends Error {}

/**
 * The Puts that write a new unpaid booking and take its hour locks: one for the booking, then one
 * per hour. Another domain's transaction (a weekly plan's) adds them to its own items.
 */
export function newBookingPuts(booking: Booking, hours: readonly string[], now: Date) {
  const expiresAt = booking.holdExpiresAt ? epochSeconds(booking.holdExpiresAt) : undefined;
  return [
    {
      Put: {
        TableName: config.tableName,
        Item: bookingItem(booking, hours),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...hours.map((start) => ({
      Put: {
        TableName: config.tableName,
        Item: { ...hourLockKey(booking.tutorId, start), entity: 'HourLock', bookingId: booking.id, ...(expiresAt ? { expiresAt } : {}) },
        // Free, or held by an unpaid booking whose hold has run out.
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_exists(expiresAt) AND expiresAt <= :now)',
        ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
      },
    })),
  ];
}

/**
 * Takes back unpaid bookings written moments ago (a weekly plan whose later batch lost an hour):
 * each booking and its hour locks go in one transaction, only while the locks are still its own
 * and it is still unpaid. One that cannot be taken back keeps its hold, which runs out by itself.
 */
export async function removeUnpaidBookings(bookings: ReadonlyArray<{ booking: Booking; hours: readonly string[] }>): Promise<void> {
  for (const { booking, hours } of bookings) {
    await transactWrite({
      TransactItems: [
        {
          Delete: {
            TableName: config.tableName, Key: bookingKey(booking.id),
            ConditionExpression: 'paymentStatus <> :paid', ExpressionAttributeValues: { ':paid': 'paid' },
          },
        },
        ...hours.map((start) => ({ Delete: { TableName: config.tableName, ...hourLockReleasedDelete(booking.tutorId, start, booking.id) } })),
      ],
    });
  }
}

/**
 * Moves unpaid bookings' holds (booking and hour locks together, one transaction each). One that
 * is paid, cancelled or whose hour went to someone else meanwhile is left as it is: its hold runs
 * out by itself. Safe to repeat.
 */
export async function holdUnpaidLessons(holds: ReadonlyArray<{ bookingId: string; holdExpiresAt: string }>): Promise<void> {
  const until = new Map(holds.map((h) => [h.bookingId, h.holdExpiresAt]));
  for (const booking of await getBookings([...until.keys()])) {
    const holdExpiresAt = until.get(booking.id)!;
    try {
      await transactWrite({
        TransactItems: [
          { Update: { TableName: config.tableName, ...bookingHoldMovedUpdate(booking.id, holdExpiresAt) } },
          ...booking.lockedHours.map((start) => ({ Update: { TableName: config.tableName, ...hourLockHoldMovedUpdate(booking.tutorId, start, booking.id, epochSeconds(holdExpiresAt)) } })),
        ],
      });
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
    }
  }
}

export async function createBookingWithLocks(booking: Booking, hours: string[], now: Date): Promise<void> {
  try {
    await transactWrite({ TransactItems: newBookingPuts(booking, hours, now) });
  } catch (error) {
    // Taken only when an hour's condition failed. A conflict that outlasted transactWrite's
    // retries (or a repeated booking id) is no answer about the hour: the caller gets an error,
    // never "slot taken" for a free slot.
    if ((error as Error).name === 'TransactionCanceledException' && cancellationCodes(error).slice(1).includes('ConditionalCheckFailed')) throw new HourTaken();
    throw error;
  }
}

/** The booking holding a learner's one trial with a tutor, if any (strongly consistent: the booking decides on it). */
export async function trialHolder(tutorId: string, learnerKey: string): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: trialMarkerKey(tutorId, learnerKey), ConsistentRead: true }));
  return out.Item ? TrialMarkerItem.parse(out.Item).bookingId : null;
}

/**
 * Writes a trial booking, its hour locks and the learner's trial marker in one transaction. The
 * marker is put only where there is none, or where it still names `freed` (an earlier trial that
 * no longer counts, read just before): of two trials booked at once for the same learner and
 * tutor, exactly one is written. A free trial is written confirmed and paid (no hold; its locks
 * never run out); a paid one holds its hour until paid, as any booking.
 */
export async function createTrialWithLocks(booking: Booking, hours: string[], learnerKey: string, freed: string | null, now: Date): Promise<void> {
  const paid = booking.paymentStatus === 'paid';
  const expiresAt = booking.holdExpiresAt ? epochSeconds(booking.holdExpiresAt) : undefined;
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: { ...trialMarkerKey(booking.tutorId, learnerKey), entity: 'TrialMarker', bookingId: booking.id, createdAt: booking.createdAt },
            ConditionExpression: freed ? 'bookingId = :freed' : 'attribute_not_exists(pk)',
            ...(freed ? { ExpressionAttributeValues: { ':freed': freed } } : {}),
          },
        },
        { Put: { TableName: config.tableName, Item: paid ? paidBookingItem(booking, hours) : bookingItem(booking, hours), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...hours.map((start) => ({
          Put: {
            TableName: config.tableName,
            Item: { ...hourLockKey(booking.tutorId, start), entity: 'HourLock', bookingId: booking.id, ...(expiresAt ? { expiresAt } : {}) },
            ConditionExpression: 'attribute_not_exists(pk) OR (attribute_exists(expiresAt) AND expiresAt <= :now)',
            ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
          },
        })),
      ],
    });
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') throw new TrialTaken();
    if (codes.slice(2).includes('ConditionalCheckFailed')) throw new HourTaken();
    throw error;
  }
}

/** The bookings holding some of these hours of a tutor (at most two reads: a lesson covers ≤ 2 hours). */
export async function hourHolders(tutorId: string, hours: readonly string[]): Promise<string[]> {
  const locks = await Promise.all(hours.map((start) =>
    dynamo().send(new GetCommand({ TableName: config.tableName, Key: hourLockKey(tutorId, start) }))));
  return [...new Set(locks.flatMap((out) => (out.Item ? [HourLockItem.parse(out.Item).bookingId] : [])))];
}

export async function getBooking(id: string): Promise<StoredBooking | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: bookingKey(id) }));
  return out.Item ? StoredBooking.parse(out.Item) : null;
}

/** These bookings, by key (one BatchGet per 100); absent ones are left out. */
export async function getBookings(ids: readonly string[]): Promise<StoredBooking[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return (await batchGet(config.tableName, unique.map(bookingKey))).map((item) => StoredBooking.parse(item));
}

/**
 * The booking and its version (keys.ts BookingVersion), for a cancel or a move, which write on
 * that version. Strongly consistent: a decision taken again after losing to the other must see
 * the write it lost to.
 */
export async function getVersionedBooking(id: string): Promise<{ booking: StoredBooking; version: number } | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: bookingKey(id), ConsistentRead: true }));
  return out.Item ? { booking: StoredBooking.parse(out.Item), version: BookingVersion.parse(out.Item).version } : null;
}

async function queryIndex(index: 'gsi1' | 'gsi2', partition: string, limit: number): Promise<Booking[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    IndexName: index,
    KeyConditionExpression: `${index}pk = :p`,
    ExpressionAttributeValues: { ':p': partition },
    ScanIndexForward: true,
    Limit: limit,
  }));
  return (out.Items ?? []).map((item) => Booking.parse(item));
}

/**
 * A payer's bookings scheduled from `fromIso` on (before `toIso` when given), soonest first: every
 * page of that slice of their partition (a window of weeks, never their history).
 */
async function studentBookingsInRange(studentId: string, fromIso: string, toIso?: string): Promise<Booking[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      IndexName: 'gsi1',
      // The sort key is {scheduledAt}#{id}: every lesson starting before toIso sorts below it.
      KeyConditionExpression: toIso ? 'gsi1pk = :p AND gsi1sk BETWEEN :from AND :to' : 'gsi1pk = :p AND gsi1sk >= :from',
      ExpressionAttributeValues: { ':p': studentBookingsPartition(studentId), ':from': fromIso, ...(toIso ? { ':to': toIso } : {}) },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items.map((item) => Booking.parse(item));
}

/** A payer's bookings scheduled from `fromIso` on: the lessons ahead and the month's payments. */
export const studentBookingsFrom = (studentId: string, fromIso: string) => studentBookingsInRange(studentId, fromIso);

/** A payer's bookings scheduled in [fromIso, toIso), soonest first. */
export const studentBookingsBetween = (studentId: string, fromIso: string, toIso: string) => studentBookingsInRange(studentId, fromIso, toIso);

/**
 * Whether a payer has ever paid for a lesson with this tutor (refunded later or not): conversations
 * share contact details from then on. One Query of the payer's partition, stopping at the first match.
 */
export async function payerHasPaidLessonWith(payerId: string, tutorId: string): Promise<boolean> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      FilterExpression: 'tutorId = :t AND attribute_exists(paidAt)',
      ExpressionAttributeValues: { ':p': studentBookingsPartition(payerId), ':t': tutorId },
      ProjectionExpression: 'pk',
      ExclusiveStartKey: startKey,
    }));
    if (out.Items?.length) return true;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return false;
}

/** Bookings, soonest first (ordered by scheduled_at ascending). */
export const listStudentBookings = (studentId: string, limit = 200) => queryIndex('gsi1', studentBookingsPartition(studentId), limit);
export const listTutorBookings = (tutorId: string, limit = 500) => queryIndex('gsi2', tutorBookingsPartition(tutorId), limit);

/**
 * Paid lessons of one UTC day starting in [from, to) (ISO instants on that day), soonest first:
 * one partition of gsi3, every page of it.
 */
export async function paidLessonsOn(day: string, from: string, to: string): Promise<Booking[]> {
  const lessons: Booking[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi3',
      // Sort keys are `{scheduledAt}#{id}`: a bare instant sorts just before the lessons starting at
      // it, so BETWEEN keeps a lesson starting at `from` and leaves out one starting at `to`.
      KeyConditionExpression: 'gsi3pk = :day AND gsi3sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':day': paidLessonsPartition(day), ':from': from, ':to': to },
      ExclusiveStartKey: startKey,
    }));
    lessons.push(...(out.Items ?? []).map((item) => Booking.parse(item)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return lessons;
}

/** Booked hour starts (UTC ISO) in [from, to), with the booking that holds each. */
export async function bookedHours(tutorId: string, from: Date, to: Date, now = new Date()): Promise<Map<string, string>> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const taken = new Map<string, string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':from': hourLockSk(from.toISOString()), ':to': hourLockSk(to.toISOString()) },
      ExclusiveStartKey: startKey,
    }));
    for (const lock of (out.Items ?? []).map((item) => HourLockItem.parse(item))) {
      // An unpaid hold past its expiry no longer holds the hour, even before TTL deletes it.
      if (lock.expiresAt !== undefined && lock.expiresAt <= nowSeconds) continue;
      taken.set(lock.start, lock.bookingId);
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return taken;
}

/** After a failed charge: the booking shows it, unless it was paid meanwhile. */
export async function markBookingPaymentFailed(bookingId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: bookingKey(bookingId),
    UpdateExpression: 'SET paymentStatus = :failed', ConditionExpression: 'attribute_exists(pk) AND paymentStatus <> :paid',
    ExpressionAttributeValues: { ':failed': 'failed', ':paid': 'paid' },
  })).catch((error: Error) => { if (error.name !== 'ConditionalCheckFailedException') throw error; });
}

export type LessonCompletionReason = 'ended_by_tutor' | 'time_passed' | 'student_no_show';

/**
 * Marks a paid, confirmed booking completed. Returns the booking as now stored, or null when the
 * condition refused (unpaid, already completed, cancelled …; the caller reads why if it cares).
 */
export async function markBookingCompleted(bookingId: string, completedAt: string, reason: LessonCompletionReason): Promise<StoredBooking | null> {
  return updateIfAllowed(bookingCompletedUpdate(bookingId, completedAt, reason));
}

/** Applies a conditional Update builder of keys.ts: the booking as now stored, or null when its condition refused. */
async function updateIfAllowed(update: Omit<UpdateCommandInput, 'TableName'>): Promise<StoredBooking | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...update, ReturnValues: 'ALL_NEW' }));
    return StoredBooking.parse(out.Attributes);
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** After LessonCompleted went out: a retry then has nothing left to publish. */
export async function markCompletionPublished(bookingId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: bookingKey(bookingId), UpdateExpression: 'SET completionPublished = :yes',
    ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':yes': true },
  }));
}

/** Claims a completed booking's owed LessonCompleted (completionClaimUpdate); the booking when this call got it, else null. */
export async function claimOwedCompletion(bookingId: string, now: string, staleBefore: string): Promise<StoredBooking | null> {
  return updateIfAllowed(completionClaimUpdate(bookingId, now, staleBefore));
}

// ---- Cancellation and no-shows (cancel-service.ts) ----

/** Of these hours, the ones whose lock is still this booking's (an expired hold's may have been retaken). */
export async function hoursStillHeld(tutorId: string, hours: readonly string[], bookingId: string): Promise<string[]> {
  const locks = await Promise.all(hours.map(async (start) => {
    // Consistent: a lock a move has just taken for this booking must be seen, and freed with it.
    const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: hourLockKey(tutorId, start), ConsistentRead: true }));
    return out.Item && HourLockItem.parse(out.Item).bookingId === bookingId ? [start] : [];
  }));
  return locks.flat();
}

/** The marker of a refund owed, written with the cancel that makes it due (keys.ts refundDueItem). */
const refundDuePut = (due: RefundDue | undefined) => (due ? [{ Put: { TableName: config.tableName, Item: refundDueItem(due) } }] : []);

/**
 * Cancels the booking and frees its hours in one transaction, counting a late tutor cancel
 * against the tutor. False when the booking is no longer in the state (or version) it was seen in.
 */
export async function cancelBookingRecord(
  booking: Pick<Booking, 'id' | 'tutorId' | 'status' | 'paymentStatus'> & { version: number }, cancellation: NonNullable<Booking['cancellation']>, hours: readonly string[],
  refundDue?: RefundDue,
): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        { Update: { TableName: config.tableName, ...bookingCancelledUpdate(booking.id, cancellation, booking) } },
        ...hours.map((start) => ({ Delete: { TableName: config.tableName, ...hourLockReleasedDelete(booking.tutorId, start, booking.id) } })),
        ...(cancellation.lateByTutor ? [{ Update: { TableName: config.tableName, ...addToTutorRecord(booking.tutorId, { lateCancellations: 1 }) } }] : []),
        ...refundDuePut(refundDue),
      ],
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/** The tutor did not come: the lesson is cancelled by the system and the tutor's record counts it, once. */
export async function recordTutorNoShow(
  booking: Pick<Booking, 'id' | 'tutorId' | 'scheduledAt' | 'durationMinutes'>, cancellation: NonNullable<Booking['cancellation']>,
  refundDue?: RefundDue,
): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        { Update: { TableName: config.tableName, ...bookingTutorNoShowUpdate(booking.id, cancellation) } },
        { Update: { TableName: config.tableName, ...addToTutorRecord(booking.tutorId, { noShows: 1 }) } },
        // A cancelled booking holds no hours, as on any cancel (past hours: only tidiness).
        ...overlappedHours(booking.scheduledAt, booking.durationMinutes).map((start) => (
          { Delete: { TableName: config.tableName, ...hourLockReleasedDelete(booking.tutorId, start, booking.id) } })),
        ...refundDuePut(refundDue),
      ],
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/**
 * Refunds owed since before `dueBefore`, oldest first, at most `limit` (one Query of the sparse
 * index: only markers whose refund was never recorded are in it).
 */
export async function refundsDueBefore(dueBefore: string, limit: number): Promise<RefundDue[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
    ExpressionAttributeValues: { ':p': REFUNDS_DUE_PARTITION, ':before': dueBefore }, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => RefundDueItem.parse(item));
}

/** Drops a marker whose refund payments already has (recorded by an earlier path) or cannot make. */
export async function dropRefundDue(due: Pick<RefundDue, 'bookingId' | 'reference'>): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: refundDueKey(due.bookingId, due.reference) }));
}

/** The student did not come: the lesson counts as completed (the tutor is paid), once. */
export async function recordStudentNoShow(bookingId: string, at: string): Promise<boolean> {
  return (await updateIfAllowed(bookingStudentNoShowUpdate(bookingId, at))) !== null;
}

export async function tutorRecord(tutorId: string): Promise<TutorRecord> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: tutorRecordKey(tutorId) }));
  return TutorRecordItem.parse(out.Item ?? {});
}
// ---- Rescheduling ----

/** The booking was no longer as the caller read it (answered, moved, cancelled meanwhile). */
export class BookingChanged extends Error {}

/** Stores a proposal (rescheduleProposalUpdate); null when the booking had changed. */
export async function saveRescheduleProposal(
  booking: Pick<Booking, 'id' | 'scheduledAt'>, proposal: NonNullable<Booking['rescheduleProposal']>,
): Promise<StoredBooking | null> {
  return updateIfAllowed(rescheduleProposalUpdate(booking, proposal));
}

/** Removes the proposal the caller answered; null when it was no longer open. */
export async function clearRescheduleProposal(
  bookingId: string, proposal: Pick<NonNullable<Booking['rescheduleProposal']>, 'by' | 'start'>,
): Promise<StoredBooking | null> {
  return updateIfAllowed(rescheduleProposalClearedUpdate(bookingId, proposal));
}

/**
 * Moves a paid lesson to the proposal's start in ONE transaction: the booking (bookingMovedUpdate),
 * its old hours freed and its new hours locked with the same conditions as a booking, so no hour
 * is ever held twice. HourTaken when a new hour is someone else's; BookingChanged when the
 * booking, its version or its proposal changed since it was read.
 */
export async function moveBookingWithLocks(
  booking: StoredBooking & { version: number }, proposal: Pick<NonNullable<Booking['rescheduleProposal']>, 'by' | 'start'>,
  hours: { all: readonly string[]; release: readonly string[]; take: readonly string[] }, now: Date, freeCancellationUntil: string,
): Promise<void> {
  try {
    await transactWrite({
      TransactItems: [
        { Update: { TableName: config.tableName, ...bookingMovedUpdate(booking, proposal, hours.all, now.toISOString(), freeCancellationUntil) } },
        ...hours.release.map((start) => ({ Delete: { TableName: config.tableName, ...hourLockReleasedDelete(booking.tutorId, start, booking.id) } })),
        ...hours.take.map((start) => ({ Put: { TableName: config.tableName, ...paidHourLockPut(booking.tutorId, start, booking.id, now) } })),
      ],
    });
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const codes = cancellationCodes(error);
    const lockRefused = codes.slice(1 + hours.release.length).some((code) => code === 'ConditionalCheckFailed');
    throw lockRefused && codes[0] !== 'ConditionalCheckFailed' ? new HourTaken() : new BookingChanged();
  }
}

/**
 * Moves a weekly plan's lesson to its plan's new slot in ONE transaction (planLessonMovedUpdate):
 * the booking, its old hours freed and its new hours locked with a booking's conditions, so no hour
 * is ever held twice and the lesson is never half-moved. HourTaken when a new hour is someone
 * else's; BookingChanged when the booking is no longer as read.
 */
export async function movePlanLessonWithLocks(
  booking: StoredBooking & { version: number }, to: string,
  hours: { all: readonly string[]; release: readonly string[]; take: readonly string[] }, now: Date, freeCancellationUntil: string,
): Promise<void> {
  const expiresAt = booking.paymentStatus !== 'paid' && booking.holdExpiresAt ? epochSeconds(booking.holdExpiresAt) : undefined;
  try {
    await transactWrite({
      TransactItems: [
        { Update: { TableName: config.tableName, ...planLessonMovedUpdate(booking, booking.scheduledAt, to, hours.all, now.toISOString(), freeCancellationUntil) } },
        ...hours.release.map((start) => ({ Delete: { TableName: config.tableName, ...hourLockReleasedDelete(booking.tutorId, start, booking.id) } })),
        ...hours.take.map((start) => ({ Put: { TableName: config.tableName, ...movedHourLockPut(booking.tutorId, start, booking.id, now, expiresAt) } })),
      ],
    });
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const codes = cancellationCodes(error);
    const lockRefused = codes.slice(1 + hours.release.length).some((code) => code === 'ConditionalCheckFailed');
    throw lockRefused && codes[0] !== 'ConditionalCheckFailed' ? new HourTaken() : new BookingChanged();
  }
}
