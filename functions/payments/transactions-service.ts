/**
 * The super admin's transactions list: every confirmed payment, newest first, a page at a time
 * from gsi1 `TXNS` (no Scan), optionally only those in one refund state.
 */
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { TRANSACTIONS_PARTITION, type PaymentTransactionRecord } from './keys.js';
import type { TransactionStatusFilter } from './problems.js';
import { isRefundable } from './refund-rules.js';
import { transactionsPage, type TransactionFilter } from './repository.js';

const refundIn = (...statuses: string[]): TransactionFilter => ({
  expression: `refund.#rs IN (${statuses.map((_, i) => `:rs${i}`).join(', ')})`,
  names: { '#rs': 'status' },
  values: Object.fromEntries(statuses.map((status, i) => [`:rs${i}`, status])),
});

const FILTERS: Record<TransactionStatusFilter, TransactionFilter> = {
  paid: { expression: 'attribute_not_exists(refund)' },
  refund_pending: refundIn('requested', 'pending'),
  refunded: refundIn('processed'),
  refund_failed: refundIn('failed'),
};

/**
 * `refundable`: the refund service's own rule (refund-rules.ts) for each, so the list offers
 * Refund exactly where a refund would be asked.
 */
export async function listTransactions(query: { limit: number; status?: TransactionStatusFilter; cursor?: string }): Promise<{
  transactions: Array<PaymentTransactionRecord & { refundable: boolean }>; nextCursor?: string;
}> {
  // A cursor continues only the list (filter) it came from.
  const list = `${TRANSACTIONS_PARTITION}:${query.status ?? 'all'}`;
  const start = query.cursor ? decodeCursor(query.cursor, list, TRANSACTIONS_PARTITION) : undefined;
  const page = await transactionsPage(query.limit, query.status ? FILTERS[query.status] : undefined, start);
  // A paid pack's money is refunded by hand (its credits may be partly used): no Refund button.
  const transactions = page.items.map((t) => ({ ...t, refundable: !(t.packId && t.status === 'success') && isRefundable(t, t.refund) }));
  return { transactions, ...(page.lastKey ? { nextCursor: encodeCursor(list, page.lastKey) } : {}) };
}
