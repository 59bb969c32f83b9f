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
import './tutors.css';

const NAV = [
  { to: paths.home, label: 'Home' },
  { to: paths.browse(), label: 'Browse Tutors' },
  { to: paths.tutorAvailability, label: 'Availability' },
] as const;

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'availability', label: 'Availability' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'kyc', label: 'KYC Verification' },
  { id: 'courses', label: 'Courses' },
  { id: 'reviews', label: 'Reviews' },
] as const;

export function TutorDashboard() {
  useDocumentTitle('Tutor Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const [tab, selectTab] = useTabParam(TABS);
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>{name ? `Welcome, ${name}` : 'Welcome'}</h1>
        <span className="badge">Tutor</span>
      </div>
      {profile && <KycBanner kycStatus={profile.kycStatus} />}
      <TutorStatCards />
      <Tabs label="Tutor dashboard" tabs={TABS} selected={tab} onSelect={selectTab} idPrefix="tutor-dashboard">
        {tab === 'profile' && (profile ? <ProfileTab profile={profile} /> : <PageLoading label="Loading your profile…" />)}
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
          <CardSection id="reviews-tab-title" title="Reviews from your students">
            <TutorReviewList tutorId={session.userId} canReply emptyText="No reviews yet. Students can review a lesson once it is completed." />
          </CardSection>
        )}
      </Tabs>
    </DashboardShell>
  );
}

function AvailabilityTab({ profile }: { profile: Profile | undefined }) {
  const list = useQuery(myAvailabilityQuery());
  return (
    <CardSection id="availability-tab-title" title="Weekly availability" link={{ to: paths.tutorAvailability, label: 'Manage Availability', variant: 'primary' }}>
      <p className="muted">
        Students can book 1-hour, 90-minute or 2-hour sessions that fit inside these times
        {(list.data?.timeZone ?? profile?.timeZone) && <> ({zoneName(list.data?.timeZone ?? profile?.timeZone ?? '')})</>}.
      </p>
      <QueryState query={list} loading="Loading your availability…" error={{ title: 'Could not load your availability.', look: 'inline' }}>
        {(data) => <WeeklySlots slots={data.slots} />}
      </QueryState>
    </CardSection>
  );
}
