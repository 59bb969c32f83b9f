/**
 * Super admin dashboard (spec §2): Total Users, Total Tutors and Total Revenue from the API; the
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
import { greetingName, useMe, useSession, useSignOutToHome } from '../auth';
import { documentTypeLabel, kycMessages, shortDate } from '../kyc';
import { ksh } from '../../shared/format';
import { reviewFailed } from './admin-rules';
import { adminStatsQuery, adminTransactionsQuery, pendingKycQuery, useKycReview } from './admin-api';
import { TodaysLessons } from './AdminLessons';
import { CertificatesAdmin } from './CertificatesAdmin';
import { PlatformMoney } from '../ledger';
import { Context, Counters, documentContext, loadFailed, RejectDialog, tutorName } from './components';
import { TransactionsTable } from './Transactions';
import '../kyc/kyc.css';
import './admin.css';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.adminDashboard, label: 'Admin Dashboard' },
] as const;

/** Spec §9: recent transactions 5; pending KYC on this dashboard 5. */
const RECENT = 5;

export function SuperAdminDashboard() {
  useDocumentTitle('Super Admin Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);
  const stats = useQuery(adminStatsQuery());

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>Super Admin Dashboard</h1>
        <span className="badge badge-admin">Super Admin</span>
      </div>
      {name && <p className="muted">Welcome, {name}</p>}
      <Counters
        label="Platform totals"
        failed={stats.isError}
        onRetry={() => void stats.refetch()}
        items={[
          { label: 'Total Users', value: stats.data?.totalUsers },
          { label: 'Total Tutors', value: stats.data?.totalTutors },
          { label: 'Total Revenue (KSh)', value: stats.data?.totalRevenue, format: ksh },
        ]}
      />
      <div className="admin-sections">
        <RecentTransactions />
        <PendingKyc />
        <TodaysLessons />
        <PlatformMoney />
        <CertificatesAdmin />
      </div>
    </DashboardShell>
  );
}

function SectionHead({ id, title, viewAll, to = paths.adminDashboard }: { id: string; title: string; viewAll: string; to?: string }) {
  return (
    <div className="section-head admin-section-head">
      <h2 id={id}>{title}</h2>
      <Link to={to} className={buttonClass('secondary', 'sm')} aria-label={`View All ${viewAll}`}>
        View All
      </Link>
    </div>
  );
}

function RecentTransactions() {
  const query = useQuery(adminTransactionsQuery(RECENT));
  const rows = query.data?.transactions ?? [];
  return (
    <section className="card" aria-labelledby="transactions-title">
      <SectionHead id="transactions-title" title="Recent Transactions" viewAll="transactions" to={paths.adminTransactions} />
      <QueryState
        query={query}
        loading="Loading transactions…"
        error={loadFailed('the transactions')}
        empty={{ when: () => rows.length === 0, show: <p className="muted">No transactions yet.</p> }}
      >
        {() => <TransactionsTable rows={rows} />}
      </QueryState>
    </section>
  );
}

function PendingKyc() {
  const query = useQuery(pendingKycQuery(RECENT));
  const review = useKycReview();
  const [rejecting, setRejecting] = useState<PendingKycDocument | null>(null);
  const rows = query.data?.documents ?? [];
  const busyWith = (doc: PendingKycDocument, decision: 'approve' | 'reject') =>
    review.isPending && review.variables.documentId === doc.id && review.variables.decision === decision;

  return (
    <section className="card" aria-labelledby="pending-kyc-title">
      <SectionHead id="pending-kyc-title" title="KYC Documents Awaiting Approval" viewAll="KYC documents" />
      <QueryState
        query={query}
        loading="Loading KYC documents…"
        error={loadFailed('the KYC documents')}
        empty={{ when: () => rows.length === 0, show: <p className="muted">{kycMessages.nonePending}</p> }}
      >
        {() => (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Tutor</th>
                <th scope="col">Document Type</th>
                <th scope="col">Date Uploaded</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((doc) => (
                <tr key={doc.id}>
                  <td data-label="Tutor">
                    <strong>{tutorName(doc)}</strong>
                    <code className="admin-id">{doc.tutor.id}</code>
                  </td>
                  <td data-label="Document Type">{documentTypeLabel(doc)}</td>
                  <td data-label="Date Uploaded">{shortDate(doc.submittedAt)}</td>
                  <td className="admin-row-actions">
                    <Button
                      size="sm"
                      busy={busyWith(doc, 'approve')}
                      disabled={review.isPending}
                      onClick={() => review.mutate({ documentId: doc.id, decision: 'approve' })}
                    >
                      Approve<Context>{documentContext(doc)}</Context>
                    </Button>
                    <Button size="sm" variant="danger" disabled={review.isPending} onClick={() => setRejecting(doc)}>
                      Reject<Context>{documentContext(doc)}</Context>
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
        error={rejecting && review.isError && review.variables.documentId === rejecting.id && review.variables.decision === 'reject' ? reviewFailed('reject', review.error) : undefined}
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
