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
import { adminStatsQuery, adminTransactionsQuery, pendingKycQuery, useKycReview, useRefundTransaction } from './admin-api';
import { TodaysLessons } from './AdminLessons';
import { CertificatesAdmin } from './CertificatesAdmin';
import { Context, Counters, DateTime, documentContext, loadFailed, NoteForm, RejectDialog, TransactionStatus, tutorName } from './components';
import type { AdminTransaction } from '@functions/admin/contract';
import { Dialog } from '../../shared/ui/Dialog';
import { reasonOf } from '../../shared/api';
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
        <CertificatesAdmin />
      </div>
    </DashboardShell>
  );
}

function SectionHead({ id, title, viewAll }: { id: string; title: string; viewAll: string }) {
  return (
    <div className="section-head admin-section-head">
      <h2 id={id}>{title}</h2>
      <Link to={paths.adminDashboard} className={buttonClass('secondary', 'sm')} aria-label={`View All ${viewAll}`}>
        View All
      </Link>
    </div>
  );
}

function RecentTransactions() {
  const query = useQuery(adminTransactionsQuery(RECENT));
  const rows = query.data?.transactions ?? [];
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  return (
    <section className="card" aria-labelledby="transactions-title">
      <SectionHead id="transactions-title" title="Recent Transactions" viewAll="transactions" />
      <QueryState
        query={query}
        loading="Loading transactions…"
        error={loadFailed('the transactions')}
        empty={{ when: () => rows.length === 0, show: <p className="muted">No transactions yet.</p> }}
      >
        {() => (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Booking ID</th>
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
                  <td data-label="Booking ID">
                    <code className="admin-id">{t.bookingId}</code>
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
        )}
      </QueryState>
      <Dialog
        open={refunding !== null}
        title="Refund this payment in full?"
        description={refunding ? `${ksh(refunding.amount)} · ${refunding.id}. The money goes back through Paystack; your reason is kept with your name.` : undefined}
        onClose={() => setRefunding(null)}
      >
        {refunding && <RefundForm key={refunding.id} reference={refunding.id} onDone={() => setRefunding(null)} />}
      </Dialog>
    </section>
  );
}

const REFUND_LABELS: Record<NonNullable<AdminTransaction['refund']>['status'], string> = {
  requested: 'Refund requested', pending: 'Refund pending', processed: 'Refunded', failed: 'Refund failed',
};

/** The refund of a payment: its state, why, and when (who is in the audit trail). */
function RefundState({ refund }: { refund: NonNullable<AdminTransaction['refund']> }) {
  return (
    <span className="admin-refund">
      <TransactionStatus status={REFUND_LABELS[refund.status]} />
      <span className="muted"> {refund.reason} · <DateTime iso={refund.processedAt || refund.requestedAt} /></span>
    </span>
  );
}

function RefundForm({ reference, onDone }: { reference: string; onDone: () => void }) {
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
