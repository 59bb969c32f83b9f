/**
 * The super admin's transactions list: every confirmed payment, newest first, a page at a time
 * from gsi1 `TXNS` (no Scan), optionally only those in one refund state (a weekly plan's
 * instalment by its lessons' refunds too); a weekly plan's instalment with the refunds of its lessons.
 */
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { LESSON_REFUND_SETS, TRANSACTIONS_PARTITION, type LessonRefundRecord, type PaymentTransactionRecord } from './keys.js';
import { lessonRefundsOf } from './lesson-refund-repository.js';
import type { TransactionStatusFilter } from './problems.js';
import { isRefundable } from './refund-rules.js';
import { transactionsPage, type TransactionFilter } from './repository.js';

/** The payment refunded whole in one of `statuses`, or (a plan instalment) one of its lessons' refunds in `lessonSet`. */
const refundIn = (lessonSet: string, ...statuses: string[]): TransactionFilter => ({
  expression: `refund.#rs IN (${statuses.map((_, i) => `:rs${i}`).join(', ')}) OR attribute_exists(${lessonSet})`,
  names: { '#rs': 'status' },
  values: Object.fromEntries(statuses.map((status, i) => [`:rs${i}`, status])),
});

const FILTERS: Record<TransactionStatusFilter, TransactionFilter> = {
  paid: { expression: `attribute_not_exists(refund) AND ${Object.values(LESSON_REFUND_SETS).map((set) => `attribute_not_exists(${set})`).join(' AND ')}` },
  refund_pending: refundIn(LESSON_REFUND_SETS.open, 'requested', 'pending'),
  refunded: refundIn(LESSON_REFUND_SETS.processed, 'processed'),
  refund_failed: refundIn(LESSON_REFUND_SETS.failed, 'failed'),
};

export interface ListedLessonRefund {
  bookingId: string; amount: number; status: LessonRefundRecord['status']; reason: string; requestedAt: string; processedAt?: string;
}

/** Oldest first, in KES. */
function listedLessonRefunds(refunds: readonly LessonRefundRecord[]): ListedLessonRefund[] {
  return [...refunds]
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt))
    .map((r) => ({
      bookingId: r.bookingId, amount: r.amountMinor / 100, status: r.status, reason: r.reason, requestedAt: r.requestedAt,
      ...(r.processedAt ? { processedAt: r.processedAt } : {}),
    }));
}

/**
 * `refundable`: the refund service's own rule (refund-rules.ts) for each, so the list offers
 * Refund exactly where a refund would be asked. `lessonRefunds`: a plan instalment's lessons
 * refunded one by one (a family's cancel, the plan's ending); one Query per instalment on the page.
 */
export async function listTransactions(query: { limit: number; status?: TransactionStatusFilter; cursor?: string }): Promise<{
  transactions: Array<PaymentTransactionRecord & { refundable: boolean; lessonRefunds?: ListedLessonRefund[] }>; nextCursor?: string;
}> {
  // A cursor continues only the list (filter) it came from.
  const list = `${TRANSACTIONS_PARTITION}:${query.status ?? 'all'}`;
  const start = query.cursor ? decodeCursor(query.cursor, list, TRANSACTIONS_PARTITION) : undefined;
  const page = await transactionsPage(query.limit, query.status ? FILTERS[query.status] : undefined, start);
  // A paid pack's money is refunded by hand (its credits may be partly used), and a paid plan
  // instalment's lesson by lesson (a lesson's cancel refunds its share): no Refund button for either.
  const lessonRefunds = await Promise.all(page.items.map((t) => (t.planId ? lessonRefundsOf(t.id) : Promise.resolve([]))));
  const transactions = page.items.map((t, i) => ({
    ...t,
    refundable: !((t.packId || t.planId) && t.status === 'success') && isRefundable(t, t.refund),
    ...(lessonRefunds[i]!.length ? { lessonRefunds: listedLessonRefunds(lessonRefunds[i]!) } : {}),
  }));
  return { transactions, ...(page.lastKey ? { nextCursor: encodeCursor(list, page.lastKey) } : {}) };
}
