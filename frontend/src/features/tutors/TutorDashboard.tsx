/**
 * Tutor dashboard: greeting, KYC banner and the tabs Profile (default), Bookings,
 * Availability, Earnings, KYC Verification, Courses and Reviews. The selected tab is in the URL
 * (?tab=). Only Profile comes with the page; the other tabs are one chunk fetched on intent.
 */
import { Suspense } from 'react';
import { lazyWithRetry } from '../../shared/lazy-retry';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { PartBoundary } from '../../shared/ui/PartBoundary';
import { PageLoading } from '../../shared/ui/Spinner';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useTabParam } from '../../shared/useTabParam';
import { greetingName, useMe, useSession } from '../auth';
import { TutorStatCards } from '../bookings';
import { KycBanner } from '../kyc';
import { ProfileTab } from './ProfileTab';
import { useDashboardText } from './dashboard/text';
import './tutors.css';

const loadMoreTabs = () => import('./dashboard/MoreTabs');
const MoreTabs = lazyWithRetry(() => loadMoreTabs().then((m) => m.MoreTabs));
// A head start only: if it fails, opening a tab tries again and says so (PartBoundary).
const prefetchMoreTabs = () => loadMoreTabs().catch(() => undefined);

const TAB_IDS = ['profile', 'bookings', 'availability', 'earnings', 'kyc', 'courses', 'reviews'] as const;
const TAB_LIST = TAB_IDS.map((id) => ({ id }));

export function TutorDashboard() {
  const t = useDashboardText();
  useDocumentTitle(t('title'));
  const tabs = TAB_IDS.map((id) => ({ id, label: t(`tab.${id}`) }));
  const { session } = useSession();
  const { profile } = useMe();
  const [tab, selectTab] = useTabParam(TAB_LIST);
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{name ? t('welcomeName', { name }) : t('welcome')}</h1>
        <span className="badge">{t('badge')}</span>
      </div>
      {profile && <KycBanner kycStatus={profile.kycStatus} />}
      <TutorStatCards />
      <Tabs label={t('tabs')} tabs={tabs} selected={tab} onSelect={selectTab} idPrefix="tutor-dashboard" onIntent={prefetchMoreTabs}>
        {tab === 'profile' ? (
          profile ? <ProfileTab profile={profile} /> : <PageLoading label={t('loadingProfile')} />
        ) : (
          <PartBoundary resetKey={tab}>
            <Suspense fallback={<PageLoading label={t('loadingTab')} />}>
              <MoreTabs tab={tab} profile={profile} tutorId={session.status === 'signed-in' ? session.userId : undefined} />
            </Suspense>
          </PartBoundary>
        )}
      </Tabs>
    </DashboardShell>
  );
}
