/**
 * Payment transactions for super admins: the table (shared by the dashboard's 5 most recent and
 * the Admin Dashboard's Transactions tab), the refund with a reason (audited; a failed refund may
 * be asked again), and the tab itself: every transaction newest first, "Load more", a status filter.
 */
import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminTransaction, TransactionStatusFilter } from '@functions/admin/contract';
import { reasonOf } from '../../shared/api';
import { ksh } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { SelectField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useSubjectName } from '../tutors';
import { adminTransactionsListQuery, useRefundTransaction } from './admin-api';
import { Context, DateTime, loadFailed, LoadMore, NoteForm, TransactionStatus } from './components';
import { useAdminText, type AdminMessage } from './text';

const REFUND_LABELS: Record<NonNullable<AdminTransaction['refund']>['status'], AdminMessage> = {
  requested: 'refund.requested', pending: 'refund.pending', processed: 'refund.processed', failed: 'refund.failed',
};

const FILTER_LABELS: Record<TransactionStatusFilter, AdminMessage> = {
  paid: 'filter.paid', refund_pending: 'filter.refund_pending', refunded: 'filter.refunded', refund_failed: 'filter.refund_failed',
};

/** Transactions with their refunds; the Refund action opens a dialog asking for the reason. */
export function TransactionsTable({ rows }: { rows: readonly AdminTransaction[] }) {
  const t = useAdminText();
  const subjectName = useSubjectName();
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  return (
    <>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t('transactions.id')}</th>
            <th scope="col">{t('transactions.bookingOrCourse')}</th>
            <th scope="col">{t('transactions.payer')}</th>
            <th scope="col">{t('transactions.amount')}</th>
            <th scope="col">{t('transactions.date')}</th>
            <th scope="col">{t('transactions.status')}</th>
            <th scope="col">{t('transactions.refund')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label={t('transactions.id')}>
                <code className="admin-id">{row.id}</code>
              </td>
              <td data-label={t('transactions.bookingOrCourse')}>
                {row.courseTitle ? t('transactions.courseTitle', { title: row.courseTitle })
                  : row.lessonSubject && row.lessonAt ? <>{subjectName(row.lessonSubject)}, <DateTime iso={row.lessonAt} /></>
                    : <code className="admin-id">{row.bookingId ?? (row.courseId && t('transactions.course', { id: row.courseId }))}</code>}
              </td>
              <td data-label={t('transactions.payer')}>
                {/* One element: on a phone each cell is a label/value grid. */}
                <span className="admin-person">
                  {row.payerName ?? '—'}
                  {row.tutorName && <span className="muted"> {t('transactions.to', { name: row.tutorName })}</span>}
                </span>
              </td>
              <td data-label={t('transactions.amount')} className="num">
                {ksh(row.amount)}
              </td>
              <td data-label={t('transactions.date')}>
                <DateTime iso={row.createdAt} />
              </td>
              <td data-label={t('transactions.status')}>
                <TransactionStatus status={row.status} />
              </td>
              <td data-label={t('transactions.refund')}>
                {row.refund && <RefundState refund={row.refund} />}
                {row.lessonRefunds && <LessonRefunds refunds={row.lessonRefunds} />}
                {/* Offered where the server's refund rule allows it (a failed refund may be asked again). */}
                {row.refundable && (
                  <Button size="sm" variant="secondary" onClick={() => setRefunding(row)}>
                    {row.refund ? t('transactions.retryRefund') : t('transactions.refund')}
                    <Context>{`: ${row.id}`}</Context>
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Dialog
        open={refunding !== null}
        title={t('transactions.refundTitle')}
        description={refunding ? t('transactions.refundDescription', { amount: ksh(refunding.amount), reference: refunding.id }) : undefined}
        onClose={() => setRefunding(null)}
      >
        {refunding && <RefundForm key={refunding.id} reference={refunding.id} onDone={() => setRefunding(null)} />}
      </Dialog>
    </>
  );
}

/** The refund of a payment: its state, why, and when (who is in the audit trail). */
function RefundState({ refund }: { refund: NonNullable<AdminTransaction['refund']> }) {
  const t = useAdminText();
  return (
    <span className="admin-refund">
      <TransactionStatus status={`refund_${refund.status}`} label={t(REFUND_LABELS[refund.status])} />
      <span className="muted"> {refund.reason} · <DateTime iso={refund.processedAt || refund.requestedAt} /></span>
    </span>
  );
}

/** A plan instalment's lessons refunded one by one: each share, its state, why and when. */
function LessonRefunds({ refunds }: { refunds: NonNullable<AdminTransaction['lessonRefunds']> }) {
  const t = useAdminText();
  return (
    <ul className="admin-lesson-refunds" aria-label={t('transactions.lessonRefunds', { count: refunds.length })}>
      {refunds.map((refund) => (
        <li key={refund.bookingId} className="admin-refund">
          <TransactionStatus status={`refund_${refund.status}`} label={t(REFUND_LABELS[refund.status])} />
          <span className="muted"> {t('transactions.lessonRefund', { amount: ksh(refund.amount) })} · {refund.reason} · <DateTime iso={refund.processedAt || refund.requestedAt} /></span>
        </li>
      ))}
    </ul>
  );
}

export function RefundForm({ reference, onDone }: { reference: string; onDone: () => void }) {
  const t = useAdminText();
  const refund = useRefundTransaction();
  return (
    <NoteForm
      label={t('refundForm.reason')}
      placeholder={t('refundForm.placeholder')}
      submitLabel={t('transactions.refund')}
      missing={t('refundForm.missing')}
      failure={refund.isError ? t('refundForm.failed', { reason: reasonOf(refund.error) }) : undefined}
      pending={refund.isPending}
      onSubmit={(reason) => refund.mutate({ reference, reason }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}

/** The Admin Dashboard's Transactions tab: all of them, newest first, filtered by status. */
export function TransactionsTab() {
  const t = useAdminText();
  const [status, setStatus] = useState<TransactionStatusFilter | ''>('');
  const query = useInfiniteQuery({ ...adminTransactionsListQuery(status || undefined), placeholderData: keepPreviousData });
  const rows = query.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <section aria-labelledby="all-transactions-title">
      <div className="section-head admin-section-head">
        <h2 id="all-transactions-title">{t('transactions.title')}</h2>
        <div className="transactions-filter">
          <SelectField id="transactions-status" label={t('transactions.status')} value={status} onChange={(e) => setStatus(e.target.value as TransactionStatusFilter | '')}>
            <option value="">{t('transactions.all')}</option>
            {Object.entries(FILTER_LABELS).map(([value, label]) => <option key={value} value={value}>{t(label)}</option>)}
          </SelectField>
        </div>
      </div>
      <QueryState
        query={query}
        loading={t('transactions.loading')}
        error={loadFailed(t('transactions.loadFailed'))}
        empty={{
          when: () => rows.length === 0 && !query.hasNextPage,
          show: <p className="admin-empty">{status ? t('transactions.noneWithStatus', { status: t(FILTER_LABELS[status]) }) : t('transactions.none')}</p>,
        }}
      >
        {() => (
          <>
            {rows.length > 0 && <TransactionsTable rows={rows} />}
            <LoadMore failed={t('transactions.loadMoreFailed')} query={query} />
          </>
        )}
      </QueryState>
    </section>
  );
}
