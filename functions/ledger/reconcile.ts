/**
 * What Paystack did, against our records (pure; reconcile-service.ts reads both sides). Each
 * provider item that moved money must match exactly one record of the same amount:
 *   transfer  success    the ledger's payout_paid entry of that payout attempt (its id is the
 *                        transfer reference's payout and attempt: at most one exists)
 *   refund    processed  the ledger's refund entry of the payment; a payment that never entered
 *                        the ledger (a duplicate, a lost hold) has its processed refund record
 *   charge    success    the payment attempt of that reference, confirmed at that amount, or one
 *                        already on the problems list (amount mismatch, duplicate, needs refund)
 * Anything else is a mismatch: `missing` (no match) or `amount` (a match of another amount).
 */
import type { MismatchKind } from './keys.js';
import { postingTotals, type LedgerEntry } from './keys.js';

export interface Mismatch { kind: MismatchKind; recordedMinor: number }

const compare = (providerMinor: number, recordedMinor: number | null): Mismatch | null =>
  recordedMinor === null ? { kind: 'missing', recordedMinor: 0 } : recordedMinor === providerMinor ? null : { kind: 'amount', recordedMinor };

/** A successful transfer against its payout_paid entry (null: none). */
export function transferMismatch(amountMinor: number, paidEntry: LedgerEntry | null): Mismatch | null {
  return compare(amountMinor, paidEntry ? postingTotals(paidEntry.postings).get('tutor_paid_out') ?? 0 : null);
}

/** A processed refund against the ledger's refund entry, or the payment's refund record when the payment is not in the ledger. */
export function refundMismatch(
  amountMinor: number, refundEntry: LedgerEntry | null, record: { status: string; amountMinor: number; countedInRevenue: boolean } | null,
): Mismatch | null {
  if (refundEntry) return compare(amountMinor, postingTotals(refundEntry.postings).get('refunds') ?? 0);
  if (record && record.status === 'processed' && !record.countedInRevenue) return compare(amountMinor, record.amountMinor);
  return compare(amountMinor, null);
}

/** Payment attempt statuses already on the problems list: money taken that super admins see. */
const LISTED = new Set(['amount_mismatch', 'duplicate', 'needs_refund']);

/** A successful charge against its payment attempt. */
export function chargeMismatch(amountMinor: number, attempt: { status: string; amountMinor: number } | null): Mismatch | null {
  if (attempt && LISTED.has(attempt.status)) return null;
  return compare(amountMinor, attempt?.status === 'success' ? attempt.amountMinor : null);
}

/**
 * The window a daily run reads: the two whole UTC days before the day it is scheduled in. A
 * transfer, refund or charge created late one day and finished the next is read by both runs:
 * unfinished on the first (not compared), finished on the second.
 */
export function reconcileWindow(scheduledTime: Date, days = 2): { from: Date; to: Date } {
  const to = new Date(Date.UTC(scheduledTime.getUTCFullYear(), scheduledTime.getUTCMonth(), scheduledTime.getUTCDate()));
  return { from: new Date(to.getTime() - days * 86_400_000), to };
}
