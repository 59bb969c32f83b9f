/**
 * Cancelling a booking and settling no-shows (the policy is in cancellation.ts).
 * The status change and the freed hours are one transaction conditioned on the state and version
 * the decision was made on: a double cancel, a payment confirming the booking or a move accepted
 * meanwhile makes it decide again on what is now stored. A refund due is asked of the payments domain afterwards, once
 * (payments records it before asking the provider); BookingCancelled e-mails both parties.
 */
import { refundPayment } from '../payments/service.js';
import { afterPackLessonCancelled } from '../packs/service.js';
import { announceNoShowCompletion } from './service.js';
import { Conflict, BusinessRuleViolated, DomainError, Forbidden, NotFound } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { cancellationDecision, cancellationMessages, freeCancellationHours, type Canceller } from './cancellation.js';
import { bookingMessages, type Booking } from './contract.js';
import type { RefundDue } from './keys.js';
import {
  cancelBookingRecord, dropRefundDue, getBooking, getVersionedBooking, hoursStillHeld, recordStudentNoShow, recordTutorNoShow, refundsDueBefore,
} from './repository.js';
import { effectiveBooking } from './rules.js';

type Cancellation = NonNullable<Booking['cancellation']>;

export const bookingChangedMessage = 'This booking changed meanwhile. Please reload it and try again.';

/** The student or the tutor cancels. Returns the booking as now stored. */
export async function cancelBooking(user: AuthUser, bookingId: string, reason: string | undefined, now = new Date()): Promise<Booking> {
  return cancelAs(bookingId, (found) => {
    if (found.studentId !== user.id && found.tutorId !== user.id) throw new Forbidden(bookingMessages.notYours);
    return found.studentId === user.id ? 'student' : 'tutor';
  }, reason, now);
}

/**
 * A weekly plan's ending (or a pause of some of its weeks) cancels one of its lessons as the
 * family's own cancel would have at the moment the change was decided (`decidedAt`), so a repeat,
 * or a retry after a crash, decides the same: a paid lesson outside the window then is refunded
 * even if the retry comes later. A lesson already under way is left to happen. Announced with
 * `planEnded` or `planPaused`: the plan's one message tells the parties, not one per lesson. Null
 * when it is not cancelled now (already cancelled, under way, gone). `tutorStopped`: the plan ends
 * because its tutor stopped teaching, so the family is refunded in full even inside the window
 * (a cancel by the system, as for a tutor's no-show, not one counted as the tutor's late cancel).
 */
export async function cancelPlanLesson(
  payerId: string, bookingId: string, reason: string | undefined, decidedAt: Date, now = new Date(), change: PlanChange = 'ended', tutorStopped = false,
): Promise<Booking | null> {
  try {
    return await cancelAs(bookingId, (found) => {
      if (found.studentId !== payerId) throw new Forbidden(bookingMessages.notYours);
      if (Date.parse(found.scheduledAt) <= now.getTime()) throw new BusinessRuleViolated('lesson_started', cancellationMessages.lessonStarted);
      return 'student';
    }, reason, now, { decidedAt, planChange: change, ...(tutorStopped ? { tutorStopped } : {}) });
  } catch (error) {
    // Nothing to cancel (any more). A booking that kept changing under both passes is not one of
    // these: the ending fails and, asked again, carries out what is left.
    if (error instanceof DomainError && error.code !== 'booking_changed') return null;
    throw error;
  }
}

/** What of its weekly plan cancelled a lesson: the plan's ending, a pause of its week, or its week dropped by a slot change. */
export type PlanChange = 'ended' | 'paused' | 'slotChanged';

interface CancelOptions {
  /** When the policy is applied (window, refund): now, unless the cancel carries out an earlier decision. */
  decidedAt?: Date;
  planChange?: PlanChange;
  /** The tutor stopped teaching: refunded in full whenever it is, cancelled by the system. */
  tutorStopped?: boolean;
}

async function cancelAs(
  bookingId: string, canceller: (found: Booking) => Canceller, reason: string | undefined, now: Date, options: CancelOptions = {},
): Promise<Booking> {
  // Twice at most: a second pass decides on what changed under the first (e.g. it was just paid).
  for (let pass = 0; pass < 2; pass++) {
    const read = await getVersionedBooking(bookingId);
    if (!read) throw new NotFound(bookingMessages.notFound);
    const { booking: found, version } = read;
    const by = canceller(found);
    const { lockedHours, ...stored } = found;
    // A paid lesson a tutor's cancel would refund in full at any time: so is one whose tutor stopped.
    const decision = cancellationDecision(effectiveBooking(stored, now), options.tutorStopped && stored.paymentStatus === 'paid' ? 'tutor' : by, options.decidedAt ?? now, freeCancellationHours());
    if (!decision.allowed) {
      throw decision.code === 'already_cancelled' ? new Conflict(decision.code, decision.message) : new BusinessRuleViolated(decision.code, decision.message);
    }
    const cancellation: Cancellation = {
      by: options.tutorStopped ? 'system' : by, at: now.toISOString(), ...(reason ? { reason } : {}), refundDue: decision.refundDue,
      ...(decision.lateByTutor && !options.tutorStopped ? { lateByTutor: true } : {}),
    };
    const hours = await hoursStillHeld(stored.tutorId, lockedHours, stored.id);
    // On the version read: a move accepted meanwhile makes it decide again and free the new hours.
    if (!(await cancelBookingRecord({ ...stored, version }, cancellation, hours, refundOwed(stored, cancellation, decision.paid)))) continue;
    await afterCancel(stored, cancellation, decision.paid, undefined, options.planChange);
    return currentBooking(bookingId, now);
  }
  throw new Conflict('booking_changed', bookingChangedMessage);
}

/**
 * The refund a cancel makes due, recorded with the cancel itself (keys.ts refundDueItem) so a
 * process dying before payments records the refund cannot lose it: the refunds-due job asks again.
 */
function refundOwed(booking: Booking, cancellation: Cancellation, paid: boolean, noShow?: 'tutor'): RefundDue | undefined {
  if (!paid || !cancellation.refundDue) return undefined;
  // A pack lesson has no payment of its own: what it is owed is its credit, returned to the pack.
  const reference = booking.packId ? `PACK-${booking.packId}` : booking.paymentReference;
  if (!reference) return undefined;
  return {
    bookingId: booking.id, reference, by: cancellation.by, dueAt: cancellation.at, ...(booking.packId ? { packId: booking.packId } : {}),
    reason: noShow ? 'The tutor did not join the lesson' : `Cancelled by the ${cancellation.by}${cancellation.reason ? `: ${cancellation.reason}` : ''}`,
  };
}

/** The refund due (if any), then the announcement: both safe to repeat. */
async function afterCancel(booking: Booking, cancellation: Cancellation, paid: boolean, noShow?: 'tutor', planChange?: PlanChange): Promise<void> {
  const owed = refundOwed(booking, cancellation, paid, noShow);
  if (owed) await askRefund(owed, new Date());
  await publishEvent('BookingCancelled', {
    bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, subject: booking.subject,
    scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes, by: cancellation.by,
    ...(cancellation.reason ? { reason: cancellation.reason } : {}), refundDue: paid && cancellation.refundDue, paid,
    ...(noShow ? { noShow } : {}), ...(booking.packId ? { fromPack: true as const } : {}), ...(planChange === 'ended' ? { planEnded: true as const } : {}),
    ...(planChange === 'paused' ? { planPaused: true as const } : {}), ...(planChange === 'slotChanged' ? { planSlotChanged: true as const } : {}), occurredAt: cancellation.at,
  });
}

async function currentBooking(bookingId: string, now: Date): Promise<Booking> {
  const { lockedHours: _hours, ...booking } = (await getBooking(bookingId))!;
  return effectiveBooking(booking, now);
}

/**
 * A paid lesson whose end (+ grace) passed with a party absent (the lessons job decides who):
 * the student absent → completed, the tutor is paid; the tutor absent → cancelled by the system,
 * the student refunded in full, the tutor's record counts it. Once: later calls change nothing.
 */
export async function settleNoShow(lesson: Booking, absent: 'student' | 'tutor', now = new Date()): Promise<boolean> {
  if (absent === 'student') {
    if (!(await recordStudentNoShow(lesson.id, now.toISOString()))) return false;
    await announceNoShowCompletion(lesson, now.toISOString());
    return true;
  }
  const cancellation: Cancellation = { by: 'system', at: now.toISOString(), reason: 'The tutor did not join the lesson', refundDue: true };
  if (!(await recordTutorNoShow(lesson, cancellation, refundOwed(lesson, cancellation, true, 'tutor')))) return false;
  await afterCancel(lesson, cancellation, true, 'tutor');
  return true;
}

/**
 * Asks payments for a refund owed. Payments deletes the marker in the transaction that records
 * the refund; when it records nothing (the refund was already asked by another path, or there is
 * no money to give back), the marker is dropped here: either way it is asked once.
 */
async function askRefund(owed: RefundDue, now: Date): Promise<'requested' | 'already'> {
  if (owed.packId) {
    // The credit comes back once (its marker item in the pack); the refund-due marker goes after it.
    const returned = await afterPackLessonCancelled({ id: owed.bookingId, packId: owed.packId }, { refundDue: true, at: owed.dueAt });
    await dropRefundDue(owed);
    return returned ? 'requested' : 'already';
  }
  // The booking names its lesson: a weekly plan's instalment gives back only this lesson's share.
  const result = await refundPayment({ reference: owed.reference, bookingId: owed.bookingId, by: owed.by, reason: owed.reason }, now);
  if (result?.requestedNow) return 'requested';
  // A plan lesson's refund waiting its turn at Paystack keeps its marker (payments deletes it once
  // the refund is asked): if the turn is skipped by a crash, this job asks it.
  if (result?.waiting) return 'already';
  await dropRefundDue(owed);
  return 'already';
}

/** Markers younger than this are left to the request that wrote them (it is likely still running). */
export const REFUND_DUE_GRACE_MS = 5 * 60_000;
/** At most this many per run: the next run continues (oldest first). */
export const REFUNDS_DUE_PER_RUN = 25;

/**
 * The refunds-due job's work: refunds owed by cancels whose process died before payments recorded
 * the refund ("refunds owed are never lost"). Safe to run twice or beside the normal path.
 */
export async function askRefundsStillDue(now = new Date()): Promise<{ requested: number; alreadyAsked: number }> {
  const due = await refundsDueBefore(new Date(now.getTime() - REFUND_DUE_GRACE_MS).toISOString(), REFUNDS_DUE_PER_RUN);
  let requested = 0;
  for (const owed of due) if ((await askRefund(owed, now)) === 'requested') requested++;
  return { requested, alreadyAsked: due.length - requested };
}
