/**
 * Refunds of single weekly-plan lessons (pure, unit-tested): what one lesson's share is, which
 * waiting refund goes to Paystack next, and which of a payment's refunds a webhook reports.
 */
import { lessonShares } from '../ledger/rules.js';
import type { LessonRefundRecord, RefundLane } from './keys.js';
import type { ProviderRefund } from './provider.js';

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

/** A provider call takes seconds: a lane held this long by a refund never marked asked was left by a process that died. */
export const STUCK_LANE_MS = 15 * 60_000;

/** The refund in flight if its lane was taken STUCK_LANE_MS ago and it was never marked asked of Paystack. */
export function stuckRefund(refunds: readonly LessonRefundRecord[], lane: RefundLane | null, now: Date): LessonRefundRecord | null {
  if (!lane?.inFlight || !lane.since || now.getTime() - Date.parse(lane.since) < STUCK_LANE_MS) return null;
  const inFlight = refunds.find((r) => r.bookingId === lane.inFlight);
  return inFlight?.status === 'requested' ? inFlight : null;
}

/**
 * Whether Paystack got the stuck refund before its asker died: a refund of this payment Paystack
 * lists from around the time the lane was taken, of its amount, that is none of ours it already
 * reported (a payment's earlier refunds ended, with Paystack's reference stored, before the lane
 * was taken again). Null: Paystack has no such refund, so asking it now cannot refund twice.
 */
export function stuckRefundAtPaystack(refunds: readonly LessonRefundRecord[], stuck: LessonRefundRecord, listed: readonly ProviderRefund[]): ProviderRefund | null {
  const known = new Set(refunds.flatMap((r) => (r.refundReference ? [r.refundReference] : [])));
  return listed.find((p) => p.transactionReference === stuck.reference && p.amountMinor === stuck.amountMinor
    && !(p.refundReference && known.has(p.refundReference))) ?? null;
}
