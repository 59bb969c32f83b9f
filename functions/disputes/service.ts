/**
 * Disputes: the student (or the parent who paid) reports a problem with a taught lesson within 24
 * hours of its end; that holds the lesson's earnings in the ledger (ledger-release skips them); a
 * super admin decides a full refund, a partial refund or a release to the tutor, with a note for
 * both. Refunds go through payments' refund path (one per payment; the ledger takes the money back
 * when Paystack says processed, which also lifts the hold); a release lifts the hold in the same
 * transaction as the decision. docs/decisions/2026-11-27-lesson-disputes.md says why.
 */
import type { Booking } from '../bookings/contract.js';
import { bookingForParticipant, getBooking } from '../bookings/service.js';
import { holdEarnings, lessonPaymentSource, liftHold, paymentSource } from '../ledger/service.js';
import { liveRecordOf } from '../live/service.js';
import type { RefundRecord } from '../payments/keys.js';
import { refundMessages, refundPayment } from '../payments/refund-service.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { BusinessRuleViolated, Conflict, Forbidden, NotFound, ProviderFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import type {
  AdminDispute, DecideDisputeRequest, Dispute, LessonEventKind, OpenDisputesQuery, OpenDisputesResponse, ReportProblemRequest,
} from './contract.js';
import { disputeDecidedUpdate, disputePut, holdIdOf, OPEN_DISPUTES_PARTITION, type DisputeDecision, type DisputeItem } from './keys.js';
import { getDispute, markDecided, openDisputes, studentDisputes } from './repository.js';
import { disputeMessages, refundAmountMinor, reportRefusal, sameDecision, statusAfter, type DisputeOutcome } from './rules.js';

export const OPEN_DISPUTES_PAGE_SIZE = 10;

export function toDispute(item: DisputeItem): Dispute {
  return {
    bookingId: item.bookingId, subject: item.subject, scheduledAt: item.scheduledAt, durationMinutes: item.durationMinutes,
    reason: item.reason, ...(item.details ? { details: item.details } : {}), reportedAt: item.reportedAt, reportedBy: item.reportedBy,
    status: item.status, paidMinor: item.paidMinor,
    ...(item.decision ? {
      decision: {
        outcome: item.decision.outcome, note: item.decision.note, at: item.decision.at,
        ...(item.decision.refundMinor !== undefined ? { refundMinor: item.decision.refundMinor } : {}),
      },
    } : {}),
  };
}

/** The payment behind a lesson, as the ledger has it; a report waits until it was recorded. */
async function lessonPayment(bookingId: string): Promise<{ reference: string; amountMinor: number }> {
  const source = await lessonPaymentSource(bookingId);
  if (!source) throw new Conflict('payment_not_recorded', disputeMessages.paymentNotRecorded);
  if (source.stage === 'refunded') throw new Conflict('already_refunded', disputeMessages.alreadyRefunded);
  return { reference: source.reference, amountMinor: source.amountMinor };
}

const newDispute = (booking: Booking, payment: { reference: string; amountMinor: number }, at: string): Omit<DisputeItem, 'reason' | 'reportedBy' | 'status'> => ({
  bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, subject: booking.subject,
  scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes, paidMinor: payment.amountMinor, reference: payment.reference,
  reportedAt: at,
});

/**
 * The student reports a problem: 404 no such booking, 403 not their lesson, 422 not taught or
 * after the window, 409 already reported or refunded. The dispute and the ledger's hold on the
 * lesson's earnings are written together.
 */
export async function reportProblem(user: AuthUser, bookingId: string, input: ReportProblemRequest, now = new Date()): Promise<Dispute> {
  const booking = await bookingForParticipant(user, bookingId, now);
  const refusal = reportRefusal(booking, user.id, now);
  if (refusal === 'not_yours') throw new Forbidden(disputeMessages.notYourLesson);
  if (refusal === 'already_refunded') throw new Conflict('already_refunded', disputeMessages.alreadyRefunded);
  if (refusal === 'not_completed') throw new BusinessRuleViolated('lesson_not_completed', disputeMessages.notCompleted);
  if (refusal === 'window_closed') throw new BusinessRuleViolated('report_window_closed', disputeMessages.windowClosed);
  if (await getDispute(bookingId)) throw new Conflict('already_reported', disputeMessages.alreadyReported);
  const payment = await lessonPayment(bookingId);
  const details = input.details?.trim();
  const item: DisputeItem = {
    ...newDispute(booking, payment, now.toISOString()), reason: input.reason, ...(details ? { details } : {}), reportedBy: 'student', status: 'open',
  };
  if ((await holdEarnings(bookingId, holdIdOf(bookingId), [disputePut(item)])) === 'refused') {
    throw new Conflict('already_reported', disputeMessages.alreadyReported);
  }
  return toDispute(item);
}

export async function myDisputes(user: AuthUser): Promise<Dispute[]> {
  return (await studentDisputes(user.id)).map(toDispute);
}

const name = (party: { firstName: string; lastName: string }) => `${party.firstName} ${party.lastName}`.trim();

/** The lesson's events in order, from the booking and its live room. */
function lessonEvents(booking: Booking | null, room: Awaited<ReturnType<typeof liveRecordOf>>['session'], dispute: DisputeItem): AdminDispute['events'] {
  const events: Array<{ kind: LessonEventKind; at: string | undefined }> = [
    { kind: 'booked', at: booking?.createdAt }, { kind: 'paid', at: booking?.paidAt }, { kind: 'rescheduled', at: booking?.rescheduledAt },
    { kind: 'room_opened', at: room?.createdAt }, { kind: 'class_started', at: room?.startedAt },
    { kind: 'room_ended_by_tutor', at: room?.endedAt }, { kind: 'completed', at: booking?.completedAt }, { kind: 'reported', at: dispute.reportedAt },
  ];
  return events.filter((e): e is { kind: LessonEventKind; at: string } => Boolean(e.at)).sort((a, b) => a.at.localeCompare(b.at));
}

async function adminView(item: DisputeItem): Promise<AdminDispute> {
  const [booking, live] = await Promise.all([getBooking(item.bookingId), liveRecordOf(item.bookingId)]);
  return {
    ...toDispute(item), reference: item.reference,
    student: { id: item.studentId, name: booking ? name(booking.student) : 'Unknown' },
    tutor: { id: item.tutorId, name: booking ? name(booking.tutor) : 'Unknown' },
    attendance: live.attendance, events: lessonEvents(booking, live.session, item),
    ...(booking?.noShow ? { noShow: booking.noShow } : {}),
  };
}

/** Open disputes for super admins, oldest first, a page at a time (a cursor bound to the open list). */
export async function listOpenDisputes(query: OpenDisputesQuery): Promise<OpenDisputesResponse> {
  const start = query.cursor ? decodeCursor(query.cursor, OPEN_DISPUTES_PARTITION, OPEN_DISPUTES_PARTITION) : undefined;
  const page = await openDisputes(query.limit ?? OPEN_DISPUTES_PAGE_SIZE, start);
  return {
    disputes: await Promise.all(page.items.map(adminView)),
    ...(page.lastKey ? { nextCursor: encodeCursor(OPEN_DISPUTES_PARTITION, page.lastKey) } : {}),
  };
}

/** Money still refundable on the lesson: a refund asked before (not failed) refuses any other. */
function refundable(booking: Booking | null): boolean {
  return Boolean(booking) && (!booking!.refund || booking!.refund.status === 'failed');
}

/**
 * Asks payments for the decision's refund (one per payment, with its own unique reference and
 * webhook handling). A refund the provider refused is recorded failed: asking the same decision
 * again asks again.
 */
async function askRefund(dispute: DisputeItem, decision: DisputeDecision): Promise<{ refund: RefundRecord; requestedNow: boolean }> {
  const result = await refundPayment({
    reference: dispute.reference, by: decision.by, reason: decision.note,
    ...(decision.outcome === 'partial_refund' ? { amountMinor: decision.refundMinor } : {}),
  });
  if (!result) throw new Conflict('not_refundable', disputeMessages.notRefundable);
  if (result.refund.status === 'failed') {
    throw new ProviderFailed('refund_failed', 'The decision is recorded, but Paystack did not accept the refund. Please try again.');
  }
  return result;
}

async function announce(dispute: DisputeItem, decision: DisputeDecision): Promise<void> {
  await publishEvent('DisputeDecided', {
    bookingId: dispute.bookingId, studentId: dispute.studentId, tutorId: dispute.tutorId, subject: dispute.subject,
    scheduledAt: dispute.scheduledAt, outcome: decision.outcome, paidMinor: dispute.paidMinor, note: decision.note,
    ...(decision.refundMinor ? { refundMinor: decision.refundMinor } : {}), occurredAt: decision.at,
  });
}

/**
 * Records `decision` on an open dispute, once: a release lifts the ledger's hold in the same
 * transaction; a refund keeps it until the refund is processed. A repeat of the same decision
 * (a double click, a retry after the provider failed) goes on from where the first stopped; a
 * different one is refused (409). Then the refund is asked and both parties are told (their
 * e-mails are sent once however often this is announced).
 */
async function applyDecision(dispute: DisputeItem, decision: DisputeDecision): Promise<{ dispute: DisputeItem; refund?: RefundRecord }> {
  let decided = dispute;
  if (dispute.status === 'open') {
    const status = statusAfter(decision.outcome);
    const written = decision.outcome === 'release'
      ? (await liftHold(dispute.bookingId, holdIdOf(dispute.bookingId), [disputeDecidedUpdate(dispute.bookingId, status, decision)])) === 'written'
      : await markDecided(dispute.bookingId, status, decision);
    decided = written ? { ...dispute, status, decision } : (await getDispute(dispute.bookingId)) ?? dispute;
  }
  if (!decided.decision || !sameDecision(decided.decision, decision)) throw new Conflict('already_decided', disputeMessages.alreadyDecided);
  const refund = decided.decision.outcome === 'release' ? undefined : (await askRefund(decided, decided.decision)).refund;
  await announce(decided, decided.decision);
  return { dispute: decided, ...(refund ? { refund } : {}) };
}

/** 404 no such dispute; 422 an amount out of bounds; 409 decided otherwise, or refunded already. */
export async function decideDispute(admin: AuthUser, bookingId: string, input: DecideDisputeRequest, now = new Date()): Promise<Dispute> {
  const dispute = await getDispute(bookingId);
  if (!dispute) throw new NotFound(disputeMessages.notFound);
  const amount = refundAmountMinor(input.outcome, dispute.paidMinor, input.amountKsh);
  if (!amount.ok) {
    throw new BusinessRuleViolated(amount.error, amount.error === 'amount_too_large' ? disputeMessages.amountTooLarge : disputeMessages.amountRequired);
  }
  // A partial refund of everything paid is a full refund.
  const outcome: DisputeOutcome = input.outcome === 'partial_refund' && amount.refundMinor === dispute.paidMinor ? 'full_refund' : input.outcome;
  const decision: DisputeDecision = {
    outcome, note: input.note.trim(), by: admin.id, at: now.toISOString(), ...(amount.refundMinor !== undefined ? { refundMinor: amount.refundMinor } : {}),
  };
  if (dispute.status === 'open' && outcome !== 'release' && !refundable(await getBooking(bookingId))) {
    throw new Conflict('already_refunded', disputeMessages.alreadyRefunded);
  }
  return toDispute((await applyDecision(dispute, decision)).dispute);
}

/**
 * A super admin's refund of a lesson already taught (POST /api/admin/transactions/{reference}/refund)
 * is a dispute decided at once: a full refund with the admin's reason as its note, so every refund
 * after a lesson has a record. Null when the payment is not a taught lesson's (payments refunds it
 * as before). An open dispute of the lesson is decided so; one decided otherwise refuses (409).
 */
export async function refundTaughtLessonAsAdmin(admin: AuthUser, reference: string, reason: string, now = new Date()): Promise<RefundRecord | null> {
  const source = await paymentSource(reference);
  if (!source || source.purpose !== 'lesson' || !source.bookingId) return null;
  const booking = await getBooking(source.bookingId);
  if (!booking || booking.status !== 'completed') return null;
  const decision: DisputeDecision = { outcome: 'full_refund', refundMinor: source.amountMinor, note: reason.trim(), by: admin.id, at: now.toISOString() };
  let dispute = await getDispute(booking.id);
  if (!dispute) {
    if (source.stage === 'refunded' || !refundable(booking)) throw new Conflict('already_refunded', refundMessages.alreadyRefunded);
    const item: DisputeItem = {
      ...newDispute(booking, source, decision.at), reason: 'other', details: reason.trim(), reportedBy: 'admin', status: 'refunded', decision,
    };
    // Held like any dispute until the refund is processed, so ledger-release cannot pay the tutor meanwhile.
    if ((await holdEarnings(booking.id, holdIdOf(booking.id), [disputePut(item)])) === 'refused') {
      throw new Conflict('already_reported', disputeMessages.alreadyReported);
    }
    dispute = item;
  } else if (dispute.status === 'open') {
    if (!refundable(booking)) throw new Conflict('already_refunded', refundMessages.alreadyRefunded);
    return (await applyDecision(dispute, decision)).refund ?? null;
  }
  // Decided just now, or before: only a full refund goes on (a refund the provider refused is asked again).
  if (dispute.decision?.outcome !== 'full_refund') throw new Conflict('already_decided', disputeMessages.alreadyDecided);
  const result = await askRefund(dispute, dispute.decision);
  if (!result.requestedNow) throw new Conflict('already_refunded', refundMessages.alreadyRefunded);
  await announce(dispute, dispute.decision);
  return result.refund;
}
