/**
 * Refunds of single weekly-plan lessons (pure, unit-tested): what one lesson's share is, which
 * waiting refund goes to Paystack next, and which of a payment's refunds a webhook reports.
 */
import { lessonShares } from '../ledger/rules.js';
import type { LessonRefundRecord, RefundLane } from './keys.js';

/**
 * The lesson's share of its instalment, as the ledger holds it (functions/ledger recordPayment):
 * the plan priced each lesson alike, so this is its price per lesson. Null: not a lesson it paid.
 */
export function lessonShareOf(payment: { amountMinor: number; bookingIds: readonly string[] }, bookingId: string): number | null {
  const index = payment.bookingIds.indexOf(bookingId);
  return index < 0 ? null : lessonShares(payment.amountMinor, payment.bookingIds.length)[index]!;
}

/** The refund waiting longest (recorded, never asked of Paystack), in the order the family cancelled. */
export function nextQueued(refunds: readonly LessonRefundRecord[], lane: RefundLane | null): LessonRefundRecord | null {
  const waiting = refunds.filter((r) => r.status === 'requested' && r.bookingId !== lane?.inFlight);
  waiting.sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.bookingId.localeCompare(b.bookingId));
  return waiting[0] ?? null;
}

export type WebhookTarget =
  | { kind: 'in_flight'; refund: LessonRefundRecord }
  /** Its refund reference is already stored on a refund Paystack finished: a replay, nothing moves. */
  | { kind: 'replay'; refund: LessonRefundRecord }
  | { kind: 'none' };

/**
 * Which refund a webhook is about: the webhooks carry no reference of ours, so it is the one in
 * flight, unless Paystack's refund reference names one that already ended (a replay of its report).
 */
export function webhookTarget(refunds: readonly LessonRefundRecord[], lane: RefundLane | null, refundReference: string | null | undefined): WebhookTarget {
  const named = refundReference ? refunds.find((r) => r.refundReference === refundReference) : undefined;
  if (named && named.bookingId !== lane?.inFlight) return { kind: 'replay', refund: named };
  const inFlight = lane?.inFlight ? refunds.find((r) => r.bookingId === lane.inFlight) : undefined;
  if (!inFlight) return named ? { kind: 'replay', refund: named } : { kind: 'none' };
  // Paystack's reference of the one in flight is set by its first report; another reference is a different refund.
  if (refundReference && inFlight.refundReference && inFlight.refundReference !== refundReference) return { kind: 'none' };
  return { kind: 'in_flight', refund: inFlight };
}
