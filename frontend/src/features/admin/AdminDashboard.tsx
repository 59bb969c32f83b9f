/**
 * Admin dashboard: "Super Admin" badge, four counters, and the tabs KYC Verification
 * (search, pending documents, review dialog), User Management (users newest first or found by
 * name or e-mail, "Load more"; pending admin requests), Platform Analytics (totals and 8 weeks
 * of sign-ups, bookings and revenue), Payment Problems (refunds and checks to do) and Transactions
 * (all payments, paged, filtered by status, with the Refund action) and Households (a parent's
 * household by e-mail, each read audited, and the privacy audit) and Moderation (reported
 * conversations, each read audited; suspensions). The selected tab is in the URL (?tab=).
 */
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminStats, AdminUser } from '@functions/admin/contract';
import type { PendingKycDocument } from '@functions/kyc/contract';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useTabParam } from '../../shared/useTabParam';
import { greetingName, useMe, useSession } from '../auth';
import { documentStatusBadge, shortDate, useDocumentTypeText, useQualificationText } from '../kyc';
import { formatMoney, ksh, lessonTimeIn } from '../../shared/format';
import { adminStatsQuery, adminUsersQuery, pendingKycQuery, useGrantSuperAdmin } from './admin-api';
import { filterPendingDocuments } from './admin-rules';
import { Context, Counters, InitialsAvatar, loadFailed, LoadMore, tutorName } from './components';
import { useDashboardText, type DashboardMessage } from './dashboard-text';
import { HouseholdsTab } from './Households';
import { KycReviewDialog } from './KycReviewDialog';
import { ModerationTab } from './Moderation';
import { PaymentProblemsTab } from './PaymentProblems';
import { useAdminText } from './text';
import { TransactionsTab } from './Transactions';
import { WeeklyCharts } from './WeeklyCharts';
import '../kyc/kyc.css';
import './admin.css';

const TABS = [
  { id: 'kyc', label: 'tab.kyc' },
  { id: 'users', label: 'tab.users' },
  { id: 'analytics', label: 'tab.analytics' },
  { id: 'payments', label: 'tab.payments' },
  { id: 'transactions', label: 'tab.transactions' },
  { id: 'households', label: 'tab.households' },
  { id: 'moderation', label: 'tab.moderation' },
] as const satisfies readonly { id: string; label: DashboardMessage }[];

export function AdminDashboard() {
  const t = useDashboardText();
  const common = useAdminText();
  useDocumentTitle(t('title'));
  const { session } = useSession();
  const { profile } = useMe();
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);
  const stats = useQuery(adminStatsQuery());
  const [tab, selectTab] = useTabParam(TABS);
  const tabs = TABS.map((item) => ({ id: item.id, label: t(item.label) }));

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
        <span className="badge badge-admin">{common('badge.superAdmin')}</span>
      </div>
      {name && <p className="muted">{t('signedInAs', { name })}</p>}
      <Counters
        label={t('counters.label')}
        failed={stats.isError}
        onRetry={() => void stats.refetch()}
        items={[
          { label: common('counter.totalUsers'), value: stats.data?.totalUsers },
          { label: t('counter.tutors'), value: stats.data?.totalTutors },
          { label: t('counter.students'), value: stats.data?.totalStudents },
          { label: t('counter.pendingKyc'), value: stats.data?.pendingKyc },
        ]}
      />
      <Tabs label={t('tabs.label')} tabs={tabs} selected={tab} onSelect={selectTab} idPrefix="admin-dashboard">
        {tab === 'kyc' && <KycTab />}
        {tab === 'users' && <UsersTab />}
        {tab === 'analytics' && <AnalyticsTab />}
        {tab === 'payments' && <PaymentProblemsTab />}
        {tab === 'transactions' && <TransactionsTab />}
        {tab === 'households' && <HouseholdsTab />}
        {tab === 'moderation' && <ModerationTab />}
      </Tabs>
    </DashboardShell>
  );
}

function KycTab() {
  const t = useDashboardText();
  const common = useAdminText();
  const id = useId();
  const query = useQuery(pendingKycQuery());
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [open, setOpen] = useState<PendingKycDocument | null>(null);
  const typeName = useDocumentTypeText();
  const qualificationName = useQualificationText();
  // Matches the type as shown (a Kiswahili admin types "Kitambulisho"), as well as its English name.
  const documents = useMemo(
    () => filterPendingDocuments(query.data?.documents ?? [], deferred, (doc) => typeName({ documentType: doc.documentType })),
    [query.data, deferred, typeName],
  );
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
        {t('kyc.title')}
      </h2>
      <div className="field admin-search">
        <label htmlFor={`${id}-search`}>{t('kyc.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder={t('kyc.searchPlaceholder')}
          autoComplete="off"
          aria-describedby={`${id}-count`}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <p id={`${id}-count`} className="muted admin-count" aria-live="polite">
        {query.isSuccess && (deferred.trim() ? t('kyc.found', { found: documents.length, total }) : t('kyc.count', { count: total }))}
      </p>
      <QueryState
        query={query}
        loading={t('kyc.loading')}
        error={loadFailed(t('kyc.loadFailed'))}
        empty={{ when: () => documents.length === 0, show: <p className="admin-empty">{common('kyc.nonePending')}</p> }}
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
                        {typeName({ documentType: doc.documentType })}
                        {doc.academicQualificationType && <span className="muted"> · {qualificationName(doc.academicQualificationType)}</span>}
                      </span>
                      <span className="muted">{t('kyc.submitted', { date: shortDate(doc.submittedAt) })}</span>
                    </span>
                  </span>
                  <span className="pending-cta" aria-hidden="true">
                    {t('kyc.review')}
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
  const t = useDashboardText();
  const common = useAdminText();
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
  // The enrolment code is shown this once (the API keeps only its hash).
  const [issued, setIssued] = useState<{ name: string; code: string; expiresAt: string } | null>(null);

  const updating = query.isFetching && query.isPlaceholderData;
  return (
    <QueryState query={query} loading={t('users.loading')} error={loadFailed(t('users.loadFailed'), true)}>
      {(data) => {
        const adminRequests = data.pages[0]?.adminRequests ?? [];
        return (
            <div className="admin-sections">
              <section className="card" aria-labelledby="users-title">
                <h2 id="users-title">{q ? t('users.found') : t('users.newest')}</h2>
                <div className="field admin-search">
                  <label htmlFor={`${id}-search`}>{t('users.search')}</label>
                  <input
                    id={`${id}-search`}
                    type="search"
                    value={draft}
                    placeholder={t('users.searchPlaceholder')}
                    autoComplete="off"
                    onChange={(event) => setDraft(event.target.value)}
                  />
                </div>
                {users.length === 0 ? (
                  <p className="muted">{q ? t('users.noMatch', { query: q }) : t('users.none')}</p>
                ) : (
                  <div aria-busy={updating || undefined}>
                    <UserList users={users} />
                  </div>
                )}
                <LoadMore failed={t('users.loadMoreFailed')} query={query} />
              </section>

              <section className="card" aria-labelledby="requests-title">
                <h2 id="requests-title">{t('requests.title')}</h2>
                <p className="muted">{t('requests.lead')}</p>
                {adminRequests.length === 0 ? (
                  <p className="muted">{t('requests.none')}</p>
                ) : (
                  <UserList
                    users={adminRequests}
                    action={(user) => (
                      <Button size="sm" variant="secondary" disabled={grant.isPending} onClick={() => setConfirming(user)}>
                        {t('grant.button')}<Context>{t('grant.to', { name: `${user.firstName} ${user.lastName}` })}</Context>
                      </Button>
                    )}
                  />
                )}
              </section>

              <Dialog
                open={confirming !== null}
                title={t('grant.title')}
                description={confirming ? t('grant.description', { name: `${confirming.firstName} ${confirming.lastName}`, email: confirming.email }) : undefined}
                onClose={() => setConfirming(null)}
              >
                <div className="actions admin-dialog-actions">
                  <Button variant="ghost" onClick={() => setConfirming(null)} disabled={grant.isPending}>
                    {common('cancel')}
                  </Button>
                  <Button
                    busy={grant.isPending}
                    onClick={() => confirming && grant.mutate(confirming, {
                      onSuccess: ({ user, enrolment }) => {
                        setConfirming(null);
                        setIssued({ name: `${user.firstName} ${user.lastName}`, ...enrolment });
                      },
                    })}
                  >
                    {t('grant.button')}
                  </Button>
                </div>
              </Dialog>
              <Dialog
                open={issued !== null}
                title={issued ? t('grant.codeTitle', { name: issued.name }) : ''}
                description={issued
                  ? t('grant.codeText', { name: issued.name, expires: lessonTimeIn(issued.expiresAt, Intl.DateTimeFormat().resolvedOptions().timeZone) })
                  : undefined}
                onClose={() => setIssued(null)}
              >
                <p>
                  <code className="admin-enrolment-code" aria-label={t('grant.codeLabel')}>{issued?.code}</code>
                </p>
                <div className="actions admin-dialog-actions">
                  <Button onClick={() => setIssued(null)}>{t('grant.close')}</Button>
                </div>
              </Dialog>
            </div>
        );
      }}
    </QueryState>
  );
}

function UserList({ users, action }: { users: readonly AdminUser[]; action?: (user: AdminUser) => ReactNode }) {
  const t = useDashboardText();
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
                  <span className="visually-hidden">{t('users.type')}</span>
                  {t(`accountType.${user.accountType}`)}
                </span>
                <span aria-hidden="true"> · </span>
                <span>
                  <span className="visually-hidden">{t('users.country')}</span>
                  {user.country}
                </span>
                <span aria-hidden="true"> · </span>
                <span className="muted">{t('users.joined', { date: shortDate(user.createdAt) })}</span>
              </span>
            </div>
            <div className="user-badges">
              <span className={`badge role-${user.role}`}>{t(`role.${user.role}`)}</span>
              {kyc && <span className={`status-badge status-${kyc.tone}`}>{t('users.kyc', { status: kyc.label.toLowerCase() })}</span>}
              {user.tutorRecord && (user.tutorRecord.lateCancellations > 0 || user.tutorRecord.noShows > 0) && (
                <span className="status-badge status-bad">
                  {t('users.record', { late: user.tutorRecord.lateCancellations, noShows: user.tutorRecord.noShows })}
                </span>
              )}
              {user.reportShare && user.reportShare.percent !== null && (
                <span className={`status-badge status-${user.reportShare.percent >= 80 ? 'ok' : 'wait'}`}>
                  {t('users.reportsOnTime', { percent: user.reportShare.percent, due: user.reportShare.due })}
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
  const t = useDashboardText();
  const query = useQuery(adminStatsQuery());
  return (
    <QueryState query={query} loading={t('analytics.loading')} error={loadFailed(t('analytics.loadFailed'), true)}>
      {(s) => <Analytics s={s} />}
    </QueryState>
  );
}

function Analytics({ s }: { s: AdminStats }) {
  const t = useDashboardText();
  const figures = [
    [t('analytics.totalUsers'), formatMoney(s.totalUsers)],
    [t('analytics.tutors'), formatMoney(s.totalTutors)],
    [t('analytics.students'), formatMoney(s.totalStudents)],
    [t('analytics.paidBookings'), formatMoney(s.paidBookings)],
    [t('analytics.totalRevenue'), ksh(s.totalRevenue)],
    [t('analytics.pendingKyc'), formatMoney(s.pendingKyc)],
    [t('analytics.aiCalls'), formatMoney(s.aiUsageToday.modelCalls)],
  ] as const;
  return (
    <div className="admin-sections">
      <section className="card" aria-labelledby="totals-title">
        <h2 id="totals-title">{t('analytics.totals')}</h2>
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
        <h2 id="weekly-title">{t('analytics.weekly')}</h2>
        <WeeklyCharts weekly={s.weekly} />
      </section>
    </div>
  );
}
