/**
 * Refunds of single lessons of a weekly plan's instalment (one Paystack payment paid several
 * lessons). Each lesson's refund is recorded once, then waits its turn in the payment's refund
 * lane: Paystack's refund webhooks name only the payment, with amounts that are equal for two
 * lessons, so one refund of a payment is at Paystack at a time and a webhook is about that one.
 * When it ends (processed or failed) the lane is freed and the next waiting refund is asked, by the
 * webhook that ended it; the refunds-due job asks again any whose turn a crash skipped.
 */
import { planLessonReference, recordRefund } from '../ledger/service.js';
import { publishEvent } from '../shared/events.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import type { LessonRefundRecord, PlanPaymentAttempt, RefundLane, RefundStatus } from './keys.js';
import { nextQueued, lessonShareOf, stuckRefund, stuckRefundAtPaystack, webhookTarget } from './lesson-refund-rules.js';
import {
  advanceLessonRefund, getLessonRefund, getRefundLane, lessonRefundsOf, markLessonRefundAnnounced, recordLessonRefund, takeRefundLane,
} from './lesson-refund-repository.js';
import { paymentProvider, PaystackError } from './paystack.js';
import type { PaystackRefundWebhook, ProviderRefund } from './provider.js';
import { REPORTED_REFUND_STATUS } from './refund-rules.js';
import { getPaymentAttempt } from './repository.js';

export interface LessonRefundAsk { reference: string; bookingId: string; by: string; reason: string }

/**
 * Refunds one lesson's share of a confirmed instalment, once: a second cancel or a rerun of the
 * refunds-due job finds it recorded and only moves the lane on. `waiting`: it is recorded but not
 * yet asked of Paystack (another lesson's refund of the payment is there first). Null: the payment
 * did not pay this lesson, or was not confirmed.
 */
export async function refundPlanLesson(
  attempt: PlanPaymentAttempt, ask: LessonRefundAsk, now = new Date(),
): Promise<{ refund: LessonRefundRecord; requestedNow: boolean; waiting: boolean } | null> {
  const amountMinor = lessonShareOf(attempt, ask.bookingId);
  if (amountMinor === null || attempt.status !== 'success') return null;
  const refund: LessonRefundRecord = {
    reference: attempt.reference, bookingId: ask.bookingId, studentId: attempt.studentId, tutorId: attempt.tutorId, amountMinor,
    status: 'requested', requestedAt: now.toISOString(), by: ask.by, reason: ask.reason,
    countedInRevenue: true, ...(attempt.paidAt ? { earningsMonth: attempt.paidAt.slice(0, 7) } : {}), forBooking: true, partial: true,
  };
  const requestedNow = await recordLessonRefund(refund);
  if (requestedNow) countBusinessEvent(BusinessMetric.refundRequested);
  await askNextRefund(attempt.reference, now);
  const stored = (await getLessonRefund(attempt.reference, ask.bookingId)) ?? refund;
  return { refund: stored, requestedNow, waiting: stored.status === 'requested' };
}

/**
 * If no refund of the payment is at Paystack, asks the one waiting longest (and, if Paystack
 * refuses it, the next). Safe to call any time, from anywhere: the lane is taken conditionally.
 */
export async function askNextRefund(reference: string, now = new Date()): Promise<void> {
  for (let turn = 0; turn < 40; turn++) {
    const [lane, refunds] = await Promise.all([getRefundLane(reference), lessonRefundsOf(reference)]);
    if (lane?.inFlight) {
      // Busy, unless its asker died: then find out from Paystack, and go on only if the lane is free again.
      if (!(await recoverStuckLane(reference, lane, refunds, now))) return;
      continue;
    }
    const next = nextQueued(refunds, lane);
    if (!next) return;
    if (!(await takeRefundLane(reference, next.bookingId, now.toISOString()))) return;
    if (!(await askProvider(next, now))) return;
  }
}

/** Paystack's clock and ours may differ: the window of its refunds read around a stuck lane is this much wider each side. */
const CLOCK_MARGIN_MS = 10 * 60_000;

/** Paystack's refunds created in a window (GET /refund, every page). */
async function providerRefundsBetween(from: Date, to: Date): Promise<ProviderRefund[]> {
  const found: ProviderRefund[] = [];
  for (let page = 1, pageCount = 1; page <= pageCount; page++) {
    const answer = await paymentProvider().listRefunds({ from, to, page, perPage: 100 });
    found.push(...answer.items);
    pageCount = answer.pageCount;
  }
  return found;
}

/**
 * A lane whose refund was never marked asked, STUCK_LANE_MS after it was taken: its asker died
 * before or while asking. Paystack's refund API has no idempotency key, so asking again blindly
 * could refund twice: if Paystack lists the refund, its state is applied as its webhook would
 * apply it; if not, it is asked now. True when the lane is free again (Paystack refused it).
 */
async function recoverStuckLane(reference: string, lane: RefundLane, refunds: readonly LessonRefundRecord[], now: Date): Promise<boolean> {
  const stuck = stuckRefund(refunds, lane, now);
  if (!stuck) return false;
  const since = Date.parse(lane.since!);
  const listed = await providerRefundsBetween(new Date(since - CLOCK_MARGIN_MS), new Date(now.getTime() + CLOCK_MARGIN_MS));
  const atPaystack = stuckRefundAtPaystack(refunds, stuck, listed);
  if (!atPaystack) {
    logger.warn('A lesson refund was never asked of Paystack (its asker died): asking now', { reference, bookingId: stuck.bookingId });
    return askProvider(stuck, now);
  }
  logger.warn('A lesson refund Paystack has was never marked asked (its asker died): applying Paystack\'s state', { reference, bookingId: stuck.bookingId, status: atPaystack.status });
  // Ended, as reported; anything else (processing, needs-attention) is at Paystack: pending.
  const status = atPaystack.status === 'processed' || atPaystack.status === 'failed' ? atPaystack.status : 'pending';
  if (recovering.has(reference)) return false;
  recovering.add(reference);
  try {
    await applyLessonRefundWebhook({
      event: `refund.${status}`,
      data: { transaction_reference: reference, status, amount: atPaystack.amountMinor, currency: 'KES', refund_reference: atPaystack.refundReference ?? null },
    }, now);
  } finally {
    recovering.delete(reference);
  }
  return false;
}

/** Payments whose stuck lane is being recovered in this process: applying Paystack's state asks the next refund, which must not recover again. */
const recovering = new Set<string>();

/** Asks Paystack for the lesson's share; true when it refused (the lane is free again for the next). */
async function askProvider(refund: LessonRefundRecord, now: Date): Promise<boolean> {
  try {
    await paymentProvider().refund({ reference: refund.reference, amountMinor: refund.amountMinor, merchantNote: refund.reason.slice(0, 200) });
  } catch (error) {
    logger.error('The provider refused or did not answer a lesson refund', { reference: refund.reference, bookingId: refund.bookingId, message: (error as Error).message });
    if (!(error instanceof PaystackError)) throw error;
    const failed = await advanceLessonRefund(refund, 'failed', now.toISOString(), { failureMessage: error.providerMessage ?? error.message });
    if (failed) countBusinessEvent(BusinessMetric.refundFailed);
    return true;
  }
  // The webhook may have overtaken the answer: then the refund is already further on.
  await advanceLessonRefund(refund, 'pending', now.toISOString());
  return false;
}

/**
 * A refund.* webhook for a payment with lesson refunds: moves the one in flight; a report whose
 * Paystack refund reference is already on another lesson's refund is a replay (no money moves,
 * though a ledger write or announcement a crash left owed is made). Then the next waiting refund is asked.
 */
export async function applyLessonRefundWebhook(event: PaystackRefundWebhook, now = new Date()): Promise<'refund_unchanged' | 'unknown_refund' | `refund_${Exclude<RefundStatus, 'requested'>}`> {
  const reference = event.data.transaction_reference;
  const [attempt, lane, refunds] = await Promise.all([getPaymentAttempt(reference), getRefundLane(reference), lessonRefundsOf(reference)]);
  if (!refunds.length || attempt?.purpose !== 'plan') return 'unknown_refund';
  const status = REPORTED_REFUND_STATUS[event.event];
  const target = webhookTarget(refunds, lane, event.data.refund_reference);
  let outcome: 'refund_unchanged' | `refund_${Exclude<RefundStatus, 'requested'>}` = 'refund_unchanged';
  if (target.kind === 'replay') {
    if (target.refund.status === 'processed') await settleProcessed(target.refund, attempt, now);
  } else if (target.kind === 'none') {
    logger.warn('Refund webhook for a payment with no lesson refund at Paystack', { reference, refundReference: event.data.refund_reference });
  } else if (event.data.amount !== target.refund.amountMinor) {
    logger.error('Refund webhook amount differs from the lesson refund asked', { reference, bookingId: target.refund.bookingId, asked: target.refund.amountMinor, got: event.data.amount });
  } else if (status) {
    const moved = await advanceLessonRefund(target.refund, status, now.toISOString(), event.data.refund_reference ? { refundReference: event.data.refund_reference } : {});
    if (moved) {
      outcome = `refund_${status}`;
      if (status === 'processed') countBusinessEvent(BusinessMetric.refundProcessed);
      if (status === 'failed') {
        countBusinessEvent(BusinessMetric.refundFailed);
        logger.error('Paystack failed a lesson refund; its share is owed to the family', { reference, bookingId: moved.bookingId });
      }
      if (moved.status === 'processed') await settleProcessed(moved, attempt, now);
    }
  }
  await askNextRefund(reference, now);
  return outcome;
}

/** The ledger entry (written once) and RefundProcessed (once, marked) of a processed lesson refund. */
async function settleProcessed(refund: LessonRefundRecord, attempt: PlanPaymentAttempt, now: Date): Promise<void> {
  const at = refund.processedAt ?? now.toISOString();
  await recordRefund({
    reference: planLessonReference(refund.reference, refund.bookingId), refundMinor: refund.amountMinor, at,
    payment: {
      reference: attempt.reference, purpose: 'plan', tutorId: attempt.tutorId, bookingIds: attempt.bookingIds,
      amountMinor: attempt.amountMinor, paidAt: attempt.paidAt ?? refund.requestedAt,
    },
  });
  if (refund.announced !== false) return;
  await publishEvent('RefundProcessed', {
    reference: refund.reference, bookingId: refund.bookingId, studentId: refund.studentId, tutorId: refund.tutorId, amountMinor: refund.amountMinor,
    currency: 'KES', countedInRevenue: refund.countedInRevenue, ...(refund.earningsMonth ? { earningsMonth: refund.earningsMonth } : {}),
    planLesson: true, occurredAt: at,
  });
  await markLessonRefundAnnounced(refund.reference, refund.bookingId);
}
