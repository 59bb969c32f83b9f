/**
 * Tutor dashboard (spec §2): greeting, KYC banner and the tabs Profile (default), Bookings,
 * Availability, Earnings and KYC Verification. The selected tab is in the URL (?tab=).
 */
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@functions/profiles/contract';
import { zoneName } from '../../shared/format';
import { paths } from '../../shared/paths';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState } from '../../shared/ui/QueryState';
import { CardSection } from '../../shared/ui/CardSection';
import { PageLoading } from '../../shared/ui/Spinner';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useTabParam } from '../../shared/useTabParam';
import { greetingName, useMe, useSession, useSignOutToHome } from '../auth';
import { TutorBookingsTab, TutorEarningsTab, TutorStatCards } from '../bookings';
import { TutorCoursesTab } from '../courses';
import { KycBanner, KycTab } from '../kyc';
import { TutorMoney } from '../ledger';
import { PayoutDetailsCard } from '../payouts';
import { TutorReviewList } from '../reviews';
import { myAvailabilityQuery } from './my-api';
import { ProfileTab } from './ProfileTab';
import { WeeklySlots } from './WeeklySlots';
import { useDashboardText } from './dashboard/text';
import './tutors.css';

const TAB_IDS = ['profile', 'bookings', 'availability', 'earnings', 'kyc', 'courses', 'reviews'] as const;
const TAB_LIST = TAB_IDS.map((id) => ({ id }));

export function TutorDashboard() {
  const t = useDashboardText();
  useDocumentTitle(t('title'));
  const nav = [
    { to: paths.home, label: t('nav.home') },
    { to: paths.browse(), label: t('nav.browse') },
    { to: paths.tutorAvailability, label: t('nav.availability') },
  ];
  const tabs = TAB_IDS.map((id) => ({ id, label: t(`tab.${id}`) }));
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const [tab, selectTab] = useTabParam(TAB_LIST);
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell nav={nav} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>{name ? t('welcomeName', { name }) : t('welcome')}</h1>
        <span className="badge">{t('badge')}</span>
      </div>
      {profile && <KycBanner kycStatus={profile.kycStatus} />}
      <TutorStatCards />
      <Tabs label={t('tabs')} tabs={tabs} selected={tab} onSelect={selectTab} idPrefix="tutor-dashboard">
        {tab === 'profile' && (profile ? <ProfileTab profile={profile} /> : <PageLoading label={t('loadingProfile')} />)}
        {tab === 'availability' && <AvailabilityTab profile={profile} />}
        {tab === 'bookings' && <TutorBookingsTab />}
        {tab === 'earnings' && (
          <>
            <TutorMoney />
            <PayoutDetailsCard />
            <TutorEarningsTab />
          </>
        )}
        {tab === 'kyc' && <KycTab />}
        {tab === 'courses' && <TutorCoursesTab />}
        {tab === 'reviews' && session.status === 'signed-in' && (
          <CardSection id="reviews-tab-title" title={t('reviews.title')}>
            <TutorReviewList tutorId={session.userId} canReply emptyText={t('reviews.empty')} />
          </CardSection>
        )}
      </Tabs>
    </DashboardShell>
  );
}

function AvailabilityTab({ profile }: { profile: Profile | undefined }) {
  const t = useDashboardText();
  const list = useQuery(myAvailabilityQuery());
  const zone = list.data?.timeZone ?? profile?.timeZone;
  return (
    <CardSection id="availability-tab-title" title={t('weekly.title')} link={{ to: paths.tutorAvailability, label: t('weekly.manage'), variant: 'primary' }}>
      <p className="muted">
        {t('weekly.lead')}
        {zone && t('weekly.zone', { zone: zoneName(zone) })}.
      </p>
      <QueryState query={list} loading={t('weekly.loading')} error={{ title: t('weekly.error'), look: 'inline' }}>
        {(data) => <WeeklySlots slots={data.slots} />}
      </QueryState>
    </CardSection>
  );
}
