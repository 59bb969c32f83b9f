/**
 * Payment transactions for super admins: the table (shared by the dashboard's 5 most recent and
 * the Admin Dashboard's Transactions tab), the refund with a reason (audited; a failed refund may
 * be asked again), and the tab itself: every transaction newest first, "Load more", a status filter.
 */
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminTransaction } from '@functions/admin/contract';
import type { TransactionStatusFilter } from '@functions/payments/problems';
import { reasonOf } from '../../shared/api';
import { ksh } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { SelectField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { adminTransactionsListQuery, useRefundTransaction } from './admin-api';
import { Context, DateTime, loadFailed, LoadMore, NoteForm, TransactionStatus } from './components';

const REFUND_LABELS: Record<NonNullable<AdminTransaction['refund']>['status'], string> = {
  requested: 'Refund requested', pending: 'Refund pending', processed: 'Refunded', failed: 'Refund failed',
};

const FILTER_LABELS: Record<TransactionStatusFilter, string> = {
  paid: 'Paid, not refunded', refund_pending: 'Refund pending', refunded: 'Refunded', refund_failed: 'Refund failed',
};

/** Transactions with their refunds; the Refund action opens a dialog asking for the reason. */
export function TransactionsTable({ rows }: { rows: readonly AdminTransaction[] }) {
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  return (
    <>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Booking or course</th>
            <th scope="col">Payer</th>
            <th scope="col">Amount (KSh)</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Refund</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.id}>
              <td data-label="ID">
                <code className="admin-id">{t.id}</code>
              </td>
              <td data-label="Booking or course">
                <code className="admin-id">{t.bookingId ?? (t.courseId && `Course ${t.courseId}`)}</code>
              </td>
              <td data-label="Payer">
                {/* One element: on a phone each cell is a label/value grid. */}
                <span className="admin-person">
                  {t.payerName ?? '—'}
                  {t.tutorName && <span className="muted"> to {t.tutorName}</span>}
                </span>
              </td>
              <td data-label="Amount (KSh)" className="num">
                {ksh(t.amount)}
              </td>
              <td data-label="Date">
                <DateTime iso={t.createdAt} />
              </td>
              <td data-label="Status">
                <TransactionStatus status={t.status} />
              </td>
              <td data-label="Refund">
                {t.refund && <RefundState refund={t.refund} />}
                {/* A failed refund may be asked again. */}
                {(!t.refund || t.refund.status === 'failed') && (
                  <Button size="sm" variant="secondary" onClick={() => setRefunding(t)}>
                    {t.refund ? 'Retry refund' : 'Refund'}
                    <Context>{`: ${t.id}`}</Context>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Dialog
        open={refunding !== null}
        title="Refund this payment in full?"
        description={refunding ? `${ksh(refunding.amount)} · ${refunding.id}. The money goes back through Paystack; your reason is kept with your name.` : undefined}
        onClose={() => setRefunding(null)}
      >
        {refunding && <RefundForm key={refunding.id} reference={refunding.id} onDone={() => setRefunding(null)} />}
      </Dialog>
    </>
  );
}

/** The refund of a payment: its state, why, and when (who is in the audit trail). */
function RefundState({ refund }: { refund: NonNullable<AdminTransaction['refund']> }) {
  return (
    <span className="admin-refund">
      <TransactionStatus status={REFUND_LABELS[refund.status]} />
      <span className="muted"> {refund.reason} · <DateTime iso={refund.processedAt || refund.requestedAt} /></span>
    </span>
  );
}

export function RefundForm({ reference, onDone }: { reference: string; onDone: () => void }) {
  const refund = useRefundTransaction();
  return (
    <NoteForm
      label="Reason"
      placeholder="For example: dispute, the lesson link did not work."
      submitLabel="Refund"
      missing="Say why you refund it"
      failure={refund.isError ? `Could not refund it: ${reasonOf(refund.error)}` : undefined}
      pending={refund.isPending}
      onSubmit={(reason) => refund.mutate({ reference, reason }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

/** The Admin Dashboard's Transactions tab: all of them, newest first, filtered by status. */
export function TransactionsTab() {
  const [status, setStatus] = useState<TransactionStatusFilter | ''>('');
  const query = useInfiniteQuery({ ...adminTransactionsListQuery(status || undefined), placeholderData: keepPreviousData });
  const rows = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <section aria-labelledby="all-transactions-title">
      <div className="section-head admin-section-head">
        <h2 id="all-transactions-title">Transactions</h2>
        <div className="transactions-filter">
          <SelectField id="transactions-status" label="Status" value={status} onChange={(e) => setStatus(e.target.value as TransactionStatusFilter | '')}>
            <option value="">All</option>
            {Object.entries(FILTER_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </SelectField>
        </div>
      </div>
      <QueryState
        query={query}
        loading="Loading transactions…"
        error={loadFailed('the transactions')}
        empty={{
          when: () => rows.length === 0 && !query.hasNextPage,
          show: <p className="admin-empty">{status ? `No transactions with the status “${FILTER_LABELS[status]}”.` : 'No transactions yet. Payments appear here once Paystack confirms them.'}</p>,
        }}
      >
        {() => (
          <>
            {rows.length > 0 && <TransactionsTable rows={rows} />}
            <LoadMore what="transactions" query={query} />
          </>
        )}
      </QueryState>
    </section>
  );
}
