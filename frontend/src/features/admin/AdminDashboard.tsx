/**
 * Admin dashboard (spec §2): "Super Admin" badge, four counters, and the tabs KYC Verification
 * (search, pending documents, review dialog), User Management (users newest first or found by
 * name or e-mail, "Load more"; pending admin requests), Platform Analytics (totals and 8 weeks
 * of sign-ups, bookings and revenue), Payment Problems (refunds and checks to do) and Transactions
 * (all payments, paged, filtered by status, with the Refund action). The
 * selected tab is in the URL (?tab=).
 */
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminStats, AdminUser } from '@functions/admin/contract';
import type { PendingKycDocument } from '@functions/kyc/contract';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useTabParam } from '../../shared/useTabParam';
import { greetingName, ROLE_LABELS, useMe, useSession, useSignOutToHome } from '../auth';
import { DOCUMENT_TYPE_LABELS, documentStatusBadge, kycMessages, shortDate } from '../kyc';
import { ksh } from '../../shared/format';
import { adminStatsQuery, adminUsersQuery, pendingKycQuery, useGrantSuperAdmin } from './admin-api';
import { accountTypeLabel, filterPendingDocuments } from './admin-rules';
import { Context, Counters, InitialsAvatar, loadFailed, LoadMore, tutorName } from './components';
import { KycReviewDialog } from './KycReviewDialog';
import { PaymentProblemsTab } from './PaymentProblems';
import { TransactionsTab } from './Transactions';
import { WeeklyCharts } from './WeeklyCharts';
import '../kyc/kyc.css';
import './admin.css';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.superAdminDashboard, label: 'Overview' },
] as const;

const TABS = [
  { id: 'kyc', label: 'KYC Verification' },
  { id: 'users', label: 'User Management' },
  { id: 'analytics', label: 'Platform Analytics' },
  { id: 'payments', label: 'Payment Problems' },
  { id: 'transactions', label: 'Transactions' },
] as const;

export function AdminDashboard() {
  useDocumentTitle('Admin Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);
  const stats = useQuery(adminStatsQuery());
  const [tab, selectTab] = useTabParam(TABS);

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>Admin Dashboard</h1>
        <span className="badge badge-admin">Super Admin</span>
      </div>
      {name && <p className="muted">Signed in as {name}</p>}
      <Counters
        label="Platform counters"
        failed={stats.isError}
        onRetry={() => void stats.refetch()}
        items={[
          { label: 'Total Users', value: stats.data?.totalUsers },
          { label: 'Tutors', value: stats.data?.totalTutors },
          { label: 'Students', value: stats.data?.totalStudents },
          { label: 'Pending KYC', value: stats.data?.pendingKyc },
        ]}
      />
      <Tabs label="Admin dashboard" tabs={TABS} selected={tab} onSelect={selectTab} idPrefix="admin-dashboard">
        {tab === 'kyc' && <KycTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'analytics' && <AnalyticsTab />}
        {tab === 'payments' && <PaymentProblemsTab />}
        {tab === 'transactions' && <TransactionsTab />}
      </Tabs>
    </DashboardShell>
  );
}

function KycTab() {
  const id = useId();
  const query = useQuery(pendingKycQuery());
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [open, setOpen] = useState<PendingKycDocument | null>(null);
  const documents = useMemo(() => filterPendingDocuments(query.data?.documents ?? [], deferred), [query.data, deferred]);
  const total = query.data?.documents.length ?? 0;

  // After a review the reviewed item leaves the list: focus goes on to the item that took its
  // place (the next one), else the last one, else the heading, never to <body>.
  // (The list may already be refetched when the review's own callback runs, hence state + ref.)
  const list = useRef<HTMLUListElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [reviewed, setReviewed] = useState<{ id: string; index: number } | null>(null);
  const handled = useRef<typeof reviewed>(null);
  useEffect(() => {
    if (!reviewed || handled.current === reviewed || documents.some((doc) => doc.id === reviewed.id)) return;
    handled.current = reviewed;
    const items = list.current?.querySelectorAll<HTMLButtonElement>('.pending-item') ?? [];
    (items[Math.min(reviewed.index, items.length - 1)] ?? heading.current)?.focus();
  }, [documents, reviewed]);

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        Pending KYC documents
      </h2>
      <div className="field admin-search">
        <label htmlFor={`${id}-search`}>Search documents</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder="Tutor name or document type"
          autoComplete="off"
          aria-describedby={`${id}-count`}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <p id={`${id}-count`} className="muted admin-count" aria-live="polite">
        {query.isSuccess && (deferred.trim() ? `${documents.length} of ${total} pending documents` : `${total} pending ${total === 1 ? 'document' : 'documents'}`)}
      </p>
      <QueryState
        query={query}
        loading="Loading pending documents…"
        error={loadFailed('the pending documents')}
        empty={{ when: () => documents.length === 0, show: <p className="admin-empty">{kycMessages.nonePending}</p> }}
      >
        {() => (
          <ul className="pending-list" role="list" ref={list}>
            {documents.map((doc) => (
              <li key={doc.id}>
                <button type="button" className="pending-item" onClick={() => setOpen(doc)} aria-haspopup="dialog">
                  <span className="pending-who">
                    <InitialsAvatar firstName={doc.tutor.firstName} lastName={doc.tutor.lastName} />
                    <span className="pending-text">
                      <strong>{tutorName(doc)}</strong>
                      <span>
                        {DOCUMENT_TYPE_LABELS[doc.documentType]}
                        {doc.academicQualificationType && <span className="muted"> · {doc.academicQualificationType}</span>}
                      </span>
                      <span className="muted">Submitted {shortDate(doc.submittedAt)}</span>
                    </span>
                  </span>
                  <span className="pending-cta" aria-hidden="true">
                    Review
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <KycReviewDialog
        doc={open}
        onClose={() => setOpen(null)}
        onReviewed={(doc) => setReviewed({ id: doc.id, index: documents.findIndex((d) => d.id === doc.id) })}
      />
    </section>
  );
}

/** Typing pauses this long before the user search is sent. */
const TYPING_DELAY_MS = 300;

function UsersTab() {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(draft.trim()), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const query = useInfiniteQuery({ ...adminUsersQuery(q), placeholderData: keepPreviousData });
  const users = useMemo(() => query.data?.pages.flatMap((page) => page.users) ?? [], [query.data]);
  const grant = useGrantSuperAdmin();
  const [confirming, setConfirming] = useState<AdminUser | null>(null);

  const updating = query.isFetching && query.isPlaceholderData;
  return (
    <QueryState query={query} loading="Loading users…" error={loadFailed('the users', true)}>
      {(data) => {
        const adminRequests = data.pages[0]?.adminRequests ?? [];
        return (
            <div className="admin-sections">
              <section className="card" aria-labelledby="users-title">
                <h2 id="users-title">{q ? 'Users found' : 'Newest users'}</h2>
                <div className="field admin-search">
                  <label htmlFor={`${id}-search`}>Search users</label>
                  <input
                    id={`${id}-search`}
                    type="search"
                    value={draft}
                    placeholder="Start of a name or e-mail"
                    autoComplete="off"
                    onChange={(event) => setDraft(event.target.value)}
                  />
                </div>
                {users.length === 0 ? (
                  <p className="muted">{q ? `No user's name or e-mail starts with “${q}”.` : 'No users yet.'}</p>
                ) : (
                  <div aria-busy={updating || undefined}>
                    <UserList users={users} />
                  </div>
                )}
                <LoadMore what="users" query={query} />
              </section>

              <section className="card" aria-labelledby="requests-title">
                <h2 id="requests-title">Pending admin requests</h2>
                <p className="muted">People who signed up as admin. Granting makes them super admins: they can review KYC documents and see every user.</p>
                {adminRequests.length === 0 ? (
                  <p className="muted">No pending admin requests.</p>
                ) : (
                  <UserList
                    users={adminRequests}
                    action={(user) => (
                      <Button size="sm" variant="secondary" disabled={grant.isPending} onClick={() => setConfirming(user)}>
                        Grant admin<Context>{`to ${user.firstName} ${user.lastName}`}</Context>
                      </Button>
                    )}
                  />
                )}
              </section>

              <Dialog
                open={confirming !== null}
                title="Grant super admin?"
                description={confirming ? `${confirming.firstName} ${confirming.lastName} (${confirming.email}) will be able to review KYC documents, see every user and grant admin to others.` : undefined}
                onClose={() => setConfirming(null)}
              >
                <div className="actions admin-dialog-actions">
                  <Button variant="ghost" onClick={() => setConfirming(null)} disabled={grant.isPending}>
                    Cancel
                  </Button>
                  <Button
                    busy={grant.isPending}
                    onClick={() => confirming && grant.mutate(confirming, { onSuccess: () => setConfirming(null) })}
                  >
                    Grant admin
                  </Button>
                </div>
              </Dialog>
            </div>
        );
      }}
    </QueryState>
  );
}

function UserList({ users, action }: { users: readonly AdminUser[]; action?: (user: AdminUser) => ReactNode }) {
  return (
    <ul className="user-list" role="list">
      {users.map((user) => {
        const kyc = user.role === 'tutor' && user.kycStatus ? documentStatusBadge(user.kycStatus) : null;
        return (
          <li key={user.id} className="user-row">
            <InitialsAvatar firstName={user.firstName} lastName={user.lastName} />
            <div className="user-main">
              <strong>
                {user.firstName} {user.lastName}
              </strong>
              <span className="muted user-email">{user.email}</span>
              <span className="user-meta">
                <span>
                  <span className="visually-hidden">User type: </span>
                  {accountTypeLabel(user.accountType)}
                </span>
                <span aria-hidden="true"> · </span>
                <span>
                  <span className="visually-hidden">Country: </span>
                  {user.country}
                </span>
                <span aria-hidden="true"> · </span>
                <span className="muted">Joined {shortDate(user.createdAt)}</span>
              </span>
            </div>
            <div className="user-badges">
              <span className={`badge role-${user.role}`}>{ROLE_LABELS[user.role]}</span>
              {kyc && <span className={`status-badge status-${kyc.tone}`}>KYC {kyc.label.toLowerCase()}</span>}
              {user.tutorRecord && (user.tutorRecord.lateCancellations > 0 || user.tutorRecord.noShows > 0) && (
                <span className="status-badge status-bad">
                  {user.tutorRecord.lateCancellations} late cancel{user.tutorRecord.lateCancellations === 1 ? '' : 's'} · {user.tutorRecord.noShows} no-show
                  {user.tutorRecord.noShows === 1 ? '' : 's'}
                </span>
              )}
              {action?.(user)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function AnalyticsTab() {
  const query = useQuery(adminStatsQuery());
  return (
    <QueryState query={query} loading="Loading analytics…" error={loadFailed('the analytics', true)}>
      {(s) => <Analytics s={s} />}
    </QueryState>
  );
}

function Analytics({ s }: { s: AdminStats }) {
  const figures = [
    ['Total users', s.totalUsers.toLocaleString('en-KE')],
    ['Tutors', s.totalTutors.toLocaleString('en-KE')],
    ['Students', s.totalStudents.toLocaleString('en-KE')],
    ['Paid bookings', s.paidBookings.toLocaleString('en-KE')],
    ['Total revenue', ksh(s.totalRevenue)],
    ['Pending KYC', s.pendingKyc.toLocaleString('en-KE')],
    ['AI model calls today', s.aiUsageToday.modelCalls.toLocaleString('en-KE')],
  ] as const;
  return (
    <div className="admin-sections">
      <section className="card" aria-labelledby="totals-title">
        <h2 id="totals-title">Platform totals</h2>
        <dl className="totals">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="weekly-title">
        <h2 id="weekly-title">Last 8 weeks</h2>
        <WeeklyCharts weekly={s.weekly} />
      </section>
    </div>
  );
}
