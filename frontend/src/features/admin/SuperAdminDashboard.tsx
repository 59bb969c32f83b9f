/**
 * Super admin dashboard: Total Users, Total Tutors and Total Revenue from the API; the
 * 5 most recent transactions; the 5 newest KYC documents awaiting approval, approved or rejected
 * (with notes) right here; View All goes to /admin-dashboard. Today's paid lessons with who joined.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { PendingKycDocument } from '@functions/kyc/contract';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName, useMe, useSession } from '../auth';
import { shortDate, useDocumentTypeText } from '../kyc';
import { ksh } from '../../shared/format';
import { reviewFailed } from './admin-rules';
import { adminStatsQuery, adminTransactionsQuery, pendingKycQuery, useKycReview } from './admin-api';
import { TodaysLessons } from './AdminLessons';
import { CertificatesAdmin } from './CertificatesAdmin';
import { OpenDisputes } from '../disputes';
import { PlatformMoney } from '../ledger';
import { Context, Counters, loadFailed, RejectDialog, tutorName, useDocumentContext } from './components';
import { useOverviewText } from './overview-text';
import { useAdminText, useReviewTexts } from './text';
import { TransactionsTable } from './Transactions';
import '../kyc/kyc.css';
import './admin.css';

/** Recent transactions 5; pending KYC on this dashboard 5. */
const RECENT = 5;

export function SuperAdminDashboard() {
  const t = useOverviewText();
  const common = useAdminText();
  useDocumentTitle(t('title'));
  const { session } = useSession();
  const { profile } = useMe();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);
  const stats = useQuery(adminStatsQuery());

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
        <span className="badge badge-admin">{common('badge.superAdmin')}</span>
      </div>
      {name && <p className="muted">{t('welcome', { name })}</p>}
      <Counters
        label={t('counters.label')}
        failed={stats.isError}
        onRetry={() => void stats.refetch()}
        items={[
          { label: common('counter.totalUsers'), value: stats.data?.totalUsers },
          { label: t('counter.totalTutors'), value: stats.data?.totalTutors },
          { label: t('counter.totalRevenue'), value: stats.data?.totalRevenue, format: ksh, hint: t('counter.totalRevenueHint') },
        ]}
      />
      <div className="admin-sections">
        <RecentTransactions />
        <PendingKyc />
        <OpenDisputes />
        <TodaysLessons />
        <PlatformMoney />
        <CertificatesAdmin />
      </div>
    </DashboardShell>
  );
}

/** `viewAll` names the link in full for a screen reader ("View All transactions"). */
function SectionHead({ id, title, viewAll, to = paths.adminDashboard }: { id: string; title: string; viewAll: string; to?: string }) {
  const t = useOverviewText();
  return (
    <div className="section-head admin-section-head">
      <h2 id={id}>{title}</h2>
      <Link to={to} className={buttonClass('secondary', 'sm')} aria-label={viewAll}>
        {t('viewAll')}
      </Link>
    </div>
  );
}

function RecentTransactions() {
  const t = useOverviewText();
  const query = useQuery(adminTransactionsQuery(RECENT));
  const rows = query.data?.transactions ?? [];
  return (
    <section className="card" aria-labelledby="transactions-title">
      <SectionHead id="transactions-title" title={t('transactions.title')} viewAll={t('viewAll.transactions')} to={paths.adminTransactions} />
      <QueryState
        query={query}
        loading={t('transactions.loading')}
        error={loadFailed(t('transactions.loadFailed'))}
        empty={{ when: () => rows.length === 0, show: <p className="muted">{t('transactions.none')}</p> }}
      >
        {() => <TransactionsTable rows={rows} />}
      </QueryState>
    </section>
  );
}

function PendingKyc() {
  const t = useOverviewText();
  const documentTypeLabel = useDocumentTypeText();
  const common = useAdminText();
  const reviewTexts = useReviewTexts();
  const documentContext = useDocumentContext();
  const query = useQuery(pendingKycQuery(RECENT));
  const review = useKycReview();
  const [rejecting, setRejecting] = useState<PendingKycDocument | null>(null);
  const rows = query.data?.documents ?? [];
  const busyWith = (doc: PendingKycDocument, decision: 'approve' | 'reject') =>
    review.isPending && review.variables.documentId === doc.id && review.variables.decision === decision;

  return (
    <section className="card" aria-labelledby="pending-kyc-title">
      <SectionHead id="pending-kyc-title" title={t('kyc.title')} viewAll={t('viewAll.kyc')} />
      <QueryState
        query={query}
        loading={t('kyc.loading')}
        error={loadFailed(t('kyc.loadFailed'))}
        empty={{ when: () => rows.length === 0, show: <p className="muted">{common('kyc.nonePending')}</p> }}
      >
        {() => (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('kyc.tutor')}</th>
                <th scope="col">{t('kyc.documentType')}</th>
                <th scope="col">{t('kyc.dateUploaded')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('kyc.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((doc) => (
                <tr key={doc.id}>
                  <td data-label={t('kyc.tutor')}>
                    {/* One element: on a phone the cell is a label and its value. */}
                    <span className="admin-person">
                      <strong>{tutorName(doc)}</strong>
                      {doc.tutor.email && <span className="admin-email muted">{doc.tutor.email}</span>}
                    </span>
                  </td>
                  <td data-label={t('kyc.documentType')}>{documentTypeLabel(doc)}</td>
                  <td data-label={t('kyc.dateUploaded')}>{shortDate(doc.submittedAt)}</td>
                  <td className="admin-row-actions">
                    <Button
                      size="sm"
                      busy={busyWith(doc, 'approve')}
                      disabled={review.isPending}
                      onClick={() => review.mutate({ documentId: doc.id, decision: 'approve' })}
                    >
                      {common('approve')}<Context>{documentContext(doc)}</Context>
                    </Button>
                    <Button size="sm" variant="danger" disabled={review.isPending} onClick={() => setRejecting(doc)}>
                      {common('reject')}<Context>{documentContext(doc)}</Context>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <RejectDialog
        doc={rejecting}
        busy={review.isPending}
        error={rejecting && review.isError && review.variables.documentId === rejecting.id && review.variables.decision === 'reject' ? reviewFailed('reject', review.error, reviewTexts) : undefined}
        onCancel={() => {
          review.reset();
          setRejecting(null);
        }}
        onReject={(notes) => {
          if (!rejecting) return;
          review.mutate({ documentId: rejecting.id, decision: 'reject', notes }, { onSuccess: () => setRejecting(null) });
        }}
      />
    </section>
  );
}
