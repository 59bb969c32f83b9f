/**
 * Refunds through the provider: the whole amount of one payment (a lesson's or a course's) goes back to
 * the payer. The request is recorded first (so a second click, a replay or a race asks once),
 * then the provider is asked; its refund.* webhooks move the refund on, forward only. Revenue and
 * the tutor's earnings are taken back when the provider says "processed".
 */
import type { REFUND_OUTCOMES } from '../bookings/contract.js';
import { announceCancelForRefund, cancelForRefund, type RefundCancel } from '../bookings/refund-cancel.js';
import { getBooking } from '../bookings/service.js';
import { recordRefund } from '../ledger/service.js';
import { Conflict, NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { publishEvent } from '../shared/events.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import type { RefundRecord } from './keys.js';
import { paymentProvider, PaystackError } from './paystack.js';
import type { PaystackRefundWebhook } from './provider.js';
import { getPaymentAttempt } from './repository.js';
import { applyLessonRefundWebhook, refundPlanLesson } from './lesson-refund-service.js';
import { advanceRefund, getRefund, markRefundAnnounced, recordRefundRequest } from './refund-repository.js';
import { canAskRefund, isRefundablePayment, REPORTED_REFUND_STATUS } from './refund-rules.js';

export const refundMessages = {
  requested: 'Refund requested. The payer gets the money back once Paystack has processed it.',
  alreadyRefunded: 'This payment is already being refunded.',
  notRefundable: 'Only a successful payment can be refunded.',
  transactionNotFound: 'Transaction not found',
} as const;

/** Who asked for a refund: a super admin (their user id), or the policy on behalf of a party. */
export interface RefundAsk {
  reference: string; by: string; reason: string;
  /** Part of the payment (a dispute's partial refund, functions/disputes); the whole amount when absent. */
  amountMinor?: number;
  /** The lesson whose share goes back, for a weekly plan's instalment (one payment, several lessons). */
  bookingId?: string;
}

/**
 * Refunds a payment in full, once. Returns the refund as recorded (a refund already under way
 * or done is returned as it is, not asked again), or null when there is no money to give back.
 * What the payment paid for ends in the request's own transaction: a lesson not yet held is
 * cancelled (its hours freed, both parties told), a course enrolment ends; a second payment of
 * something already paid is refunded without touching what the other payment paid for. A weekly
 * plan's lesson (`ask.bookingId`) gets its share of the instalment back on its own; `waiting`: it
 * waits its turn behind another lesson's refund of the same payment.
 */
export async function refundPayment(ask: RefundAsk, now = new Date()): Promise<{ refund: RefundRecord; requestedNow: boolean; waiting?: boolean } | null> {
  // Twice at most: a second pass decides on what changed under the first (e.g. the lesson was just moved or cancelled).
  for (let pass = 0; pass < 2; pass++) {
    const [attempt, previous] = await Promise.all([getPaymentAttempt(ask.reference), getRefund(ask.reference)]);
    if (previous && !canAskRefund(previous)) return { refund: previous, requestedNow: false };
    if (!attempt || !isRefundablePayment(attempt)) return null;
    const countedInRevenue = attempt.status === 'success';
    const common = {
      reference: attempt.reference, studentId: attempt.studentId, tutorId: attempt.tutorId,
      amountMinor: ask.amountMinor ?? attempt.amountMinor, status: 'requested' as const, requestedAt: now.toISOString(), by: ask.by, reason: ask.reason,
      ...(ask.amountMinor !== undefined && ask.amountMinor < attempt.amountMinor ? { partial: true } : {}),
      countedInRevenue,
      ...(countedInRevenue && attempt.paidAt ? { earningsMonth: attempt.paidAt.slice(0, 7) } : {}),
    };
    let refund: RefundRecord;
    let cancel: RefundCancel | null = null;
    if (attempt.purpose === 'lesson') {
      const booking = await getBooking(attempt.bookingId);
      // A second payment of a paid booking is refunded without touching the booking.
      const forBooking = Boolean(booking) && (countedInRevenue || booking!.paymentStatus !== 'paid');
      refund = { ...common, bookingId: attempt.bookingId, forBooking };
      // The booking's own payment going back before the lesson: the lesson is off (a retry of a
      // failed refund finds it cancelled already).
      if (forBooking && countedInRevenue && booking) cancel = await cancelForRefund(booking, now);
    } else if (attempt.purpose === 'plan') {
      // A lesson's share of a confirmed instalment goes back on its own (lesson-refund-service.ts);
      // only a second payment of a paid instalment goes back whole here, touching nothing.
      if (countedInRevenue) {
        if (!ask.bookingId) {
          logger.error('A weekly-plan payment was asked back without naming its lesson', { reference: attempt.reference, reason: ask.reason });
          countBusinessEvent(BusinessMetric.paymentNeedsRefund);
          return null;
        }
        return refundPlanLesson(attempt, { reference: attempt.reference, bookingId: ask.bookingId, by: ask.by, reason: ask.reason }, now);
      }
      refund = { ...common, forBooking: false };
    } else if (attempt.purpose === 'pack') {
      // Only a second payment of a paid pack goes back here. Refunding a paid pack's unused
      // credits is not built: its credits stay bookable (they never expire) and an operator
      // refunds by hand if a family asks.
      if (countedInRevenue) {
        logger.error('A lesson pack\'s payment is asked back and must be refunded by hand', { reference: attempt.reference, reason: ask.reason });
        countBusinessEvent(BusinessMetric.paymentNeedsRefund);
        return null;
      }
      refund = { ...common, forBooking: false };
    } else {
      // Only the payment that made the enrolment ends it, and only once (not on a retry of a failed refund).
      refund = {
        ...common, courseId: attempt.courseId, ...(attempt.learnerId ? { learnerId: attempt.learnerId } : {}),
        forBooking: false, ...(countedInRevenue && !previous ? { endsEnrolment: true } : {}),
      };
    }
    if (await recordRefundRequest(refund, cancel)) {
      countBusinessEvent(BusinessMetric.refundRequested);
      // The provider first: a failed announcement must not leave the refund requested but never asked.
      const asked = await askProvider(refund, ask, now);
      if (cancel) await announceCancelForRefund(cancel);
      return { refund: asked, requestedNow: true };
    }
    const existing = await getRefund(ask.reference);
    if (existing && !canAskRefund(existing)) return { refund: existing, requestedNow: false };
  }
  return null;
}

/** Asks the provider for a refund just recorded; the refund as it then stands. */
async function askProvider(refund: RefundRecord, ask: RefundAsk, now: Date): Promise<RefundRecord> {
  try {
    await paymentProvider().refund({
      reference: refund.reference, merchantNote: ask.reason.slice(0, 200), ...(refund.partial ? { amountMinor: refund.amountMinor } : {}),
    });
  } catch (error) {
    // Recorded as failed, so a super admin can ask again from the transactions list: never stuck
    // as "requested", and the student's money is not lost.
    logger.error('The provider refused or did not answer a refund', { reference: refund.reference, message: (error as Error).message });
    const failed = await advanceRefund(refund, 'failed', now.toISOString(), error instanceof PaystackError ? error.providerMessage ?? error.message : 'Refund could not be requested');
    if (failed) countBusinessEvent(BusinessMetric.refundFailed);
    if (!(error instanceof PaystackError)) throw error;
    return failed ?? refund;
  }
  // The webhook may have overtaken the answer: then the refund is already further on.
  return (await advanceRefund(refund, 'pending', now.toISOString())) ?? (await getRefund(refund.reference)) ?? refund;
}

/** A super admin refunds a listed payment (e.g. a dispute), with the reason kept in the audit trail. */
export async function refundTransactionAsAdmin(admin: AuthUser, reference: string, reason: string, now = new Date()): Promise<RefundRecord> {
  const attempt = await getPaymentAttempt(reference);
  if (!attempt) throw new NotFound(refundMessages.transactionNotFound);
  const result = await refundPayment({ reference, by: admin.id, reason }, now);
  if (!result) throw new Conflict('not_refundable', refundMessages.notRefundable);
  if (!result.requestedNow) throw new Conflict('already_refunded', refundMessages.alreadyRefunded);
  return result.refund;
}

export type RefundOutcome = (typeof REFUND_OUTCOMES)[number];

/** A verified refund.* webhook: moves our refund forward; replays and older reports change nothing. */
export async function applyRefundWebhook(event: PaystackRefundWebhook, now = new Date()): Promise<RefundOutcome> {
  const refund = await getRefund(event.data.transaction_reference);
  if (!refund) {
    // A weekly plan's payment has a refund per lesson instead (its lane says which one Paystack means).
    const lesson = await applyLessonRefundWebhook(event, now);
    if (lesson !== 'unknown_refund') return lesson;
    // Not one we asked for (e.g. made in Paystack's dashboard): nothing of ours to move.
    logger.warn('Refund webhook for a payment we did not refund', { reference: event.data.transaction_reference });
    return 'unknown_refund';
  }
  if (event.data.amount !== refund.amountMinor) {
    logger.error('Refund webhook amount differs from the refund asked', { reference: refund.reference, asked: refund.amountMinor, got: event.data.amount });
    return 'refund_unchanged';
  }
  const status = REPORTED_REFUND_STATUS[event.event];
  if (!status) return 'refund_unchanged';
  const moved = await advanceRefund(refund, status, now.toISOString());
  // Also on a replay of "processed": a ledger write that failed the first time (Paystack retries
  // until we answer 200) is made now; the ledger writes each refund once.
  const processed = moved ?? (status === 'processed' ? await getRefund(refund.reference) : null);
  if (processed?.status === 'processed' && processed.countedInRevenue) await recordRefundInLedger(processed);
  if (!moved) {
    // A replay after a crash between the transaction and the announcement: announce it now.
    if (refund.status === 'processed' && refund.announced === false) await announceRefund(refund, now);
    return 'refund_unchanged';
  }
  if (status === 'processed') {
    countBusinessEvent(BusinessMetric.refundProcessed);
    await announceRefund(moved, now);
  }
  if (status === 'failed') countBusinessEvent(BusinessMetric.refundFailed);
  return `refund_${status}`;
}

/**
 * RefundProcessed (the student's e-mail; payouts): published after the transaction that made the
 * refund processed, then marked; if this process dies in between, Paystack's retry of the
 * webhook (it got no 200) publishes it, and consumers are once-only.
 */
async function announceRefund(refund: RefundRecord, now: Date): Promise<void> {
  await publishEvent('RefundProcessed', {
    reference: refund.reference, ...(refund.bookingId ? { bookingId: refund.bookingId } : {}), ...(refund.courseId ? { courseId: refund.courseId } : {}),
    studentId: refund.studentId, tutorId: refund.tutorId, amountMinor: refund.amountMinor, currency: 'KES', countedInRevenue: refund.countedInRevenue,
    ...(refund.earningsMonth ? { earningsMonth: refund.earningsMonth } : {}), occurredAt: (refund.processedAt ?? now.toISOString()),
  });
  await markRefundAnnounced(refund.reference);
}

/**
 * A processed refund of a confirmed payment leaves the ledger (functions/ledger/service.ts) from
 * wherever the money is: held for the lesson, the tutor's pending earnings, or the platform's fees.
 */
async function recordRefundInLedger(refund: RefundRecord): Promise<void> {
  const attempt = await getPaymentAttempt(refund.reference);
  const at = refund.processedAt ?? new Date().toISOString();
  await recordRefund({
    reference: refund.reference, refundMinor: refund.amountMinor, at,
    payment: {
      reference: refund.reference, tutorId: refund.tutorId,
      ...(refund.courseId ? { purpose: 'course' as const, courseId: refund.courseId } : { purpose: 'lesson' as const, bookingId: refund.bookingId }),
      amountMinor: attempt?.amountMinor ?? refund.amountMinor, paidAt: attempt?.paidAt ?? refund.requestedAt,
    },
  });
}
