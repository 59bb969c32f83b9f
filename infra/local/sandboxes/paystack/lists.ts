/**
 * Paystack's list endpoints in the local sandbox (server.ts hooks `handle` into its routing), in
 * Paystack's wire format (paystack.com/docs/api/transaction#list,
 * paystack.com/docs/api/transfer#list, paystack.com/docs/api/refund#list): what the provider
 * reconciliation (functions/ledger/reconcile-service.ts) reads through the Paystack adapter.
 *
 *   GET /transaction?perPage&page&status&from&to   transactions, newest first
 *   GET /transaction/:id                           one transaction by its numeric id ("Transaction retrieved")
 *   GET /transfer?perPage&page&status&from&to      transfers (each attempt its own), newest first
 *   GET /refund?perPage&page&from&to               refunds, newest first, each with its `transaction`
 *
 * `from` / `to` bound `createdAt` (from included, to excluded); `perPage` defaults to 50 (at most
 * 100 here), `page` to 1. Each answer carries Paystack's `meta`: total, skipped, perPage, page,
 * pageCount. Bearer secret key required, as on every Paystack call.
 */

import type { SandboxTransfer } from './transfers.js';
import { paystackTransactionData, type SandboxRefund, type SandboxTransaction } from './wire.js';

/** What the lists read: the sandbox's records, and how Paystack writes a transfer. */
export interface ListSources {
  transactions: () => Iterable<SandboxTransaction>;
  transfers: () => SandboxTransfer[];
  transferJson: (t: SandboxTransfer) => Record<string, unknown>;
}

/** A refund as Paystack lists it, with the transaction it gives money back from. */
function refundJson(t: SandboxTransaction, r: SandboxRefund): Record<string, unknown> {
  return {
    id: r.id, integration: 100032, domain: 'test', amount: r.amount, currency: t.currency, status: r.status, channel: null,
    transaction: { id: t.id, reference: t.reference, amount: t.amount, currency: t.currency, channel: t.channel, paid_at: t.paidAt },
    refund_reference: r.refundReference, merchant_note: r.merchantNote, customer_note: null, deducted_amount: 0, fully_deducted: false,
    refunded_by: 'sandbox@learn.africa.local', refunded_at: r.status === 'processed' ? r.createdAt : null, createdAt: r.createdAt, updatedAt: r.createdAt,
  };
}

interface Listed { createdAt: string; status: string; json: Record<string, unknown> }

export interface ListAnswer { status: number; body: unknown }

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 100;

const fail = (status: number, message: string): ListAnswer => ({ status, body: { status: false, message } });

/** A positive whole number from the query, or the default; NaN when it is given but not one. */
function positive(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : Number.NaN;
}

/** A date bound from the query (ISO date or date-time), or null when absent; undefined when unreadable. */
function bound(value: string | null): number | null | undefined {
  if (value === null || value === '') return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : at;
}

function page(items: Listed[], query: URLSearchParams, message: string): ListAnswer {
  const perPage = positive(query.get('perPage'), DEFAULT_PER_PAGE);
  const pageNumber = positive(query.get('page'), 1);
  if (Number.isNaN(perPage) || perPage > MAX_PER_PAGE) return fail(400, `perPage must be a whole number from 1 to ${MAX_PER_PAGE}`);
  if (Number.isNaN(pageNumber)) return fail(400, 'page must be a whole number from 1');
  const from = bound(query.get('from'));
  const to = bound(query.get('to'));
  if (from === undefined || to === undefined) return fail(400, 'from and to must be dates');
  const status = query.get('status');
  const matching = items
    .filter((item) => {
      const at = Date.parse(item.createdAt);
      return (from === null || at >= from) && (to === null || at < to) && (!status || item.status === status);
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const skipped = (pageNumber - 1) * perPage;
  return {
    status: 200,
    body: {
      status: true, message,
      data: matching.slice(skipped, skipped + perPage).map((item) => item.json),
      meta: { total: matching.length, skipped, perPage, page: pageNumber, pageCount: Math.max(1, Math.ceil(matching.length / perPage)) },
    },
  };
}

export function sandboxLists(sources: ListSources) {
  const transactions = (): Listed[] => [...sources.transactions()].map((t) => ({ createdAt: t.createdAt, status: t.status, json: paystackTransactionData(t) }));
  const transfers = (): Listed[] => sources.transfers().map((t) => ({ createdAt: t.createdAt, status: t.status, json: sources.transferJson(t) }));
  const refunds = (): Listed[] => [...sources.transactions()].flatMap((t) => t.refunds.map((r) => ({ createdAt: r.createdAt, status: r.status, json: refundJson(t, r) })));
  return {
    /** The answer for a list path, or null when the path is not one of these. */
    handle(path: string, method: string, query: URLSearchParams): ListAnswer | null {
      if (method !== 'GET') return null;
      if (path === '/transaction') return page(transactions(), query, 'Transactions retrieved');
      if (path === '/transfer') return page(transfers(), query, 'Transfers retrieved');
      if (path === '/refund') return page(refunds(), query, 'Refunds retrieved');
      const one = /^\/transaction\/(\d+)$/.exec(path);
      if (one) {
        const t = [...sources.transactions()].find((candidate) => String(candidate.id) === one[1]);
        return t ? { status: 200, body: { status: true, message: 'Transaction retrieved', data: paystackTransactionData(t) } } : fail(404, 'Transaction not found');
      }
      return null;
    },
  };
}
