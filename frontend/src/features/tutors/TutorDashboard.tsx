/**
 * Tutor dashboard (spec §2): greeting, KYC banner and the tabs Profile (default), Bookings,
 * Availability, Earnings and KYC Verification. The selected tab is in the URL (?tab=).
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { Profile } from '@functions/profiles/contract';
import { zoneName } from '../../shared/format';
import { buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { PageLoading } from '../../shared/ui/Spinner';
import { Tabs } from '../../shared/ui/Tabs';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { greetingName } from '../auth/access';
import { TutorBookingsTab, TutorEarningsTab, TutorStatCards } from '../bookings/TutorBookings';
import { useSession, useSignOutToHome } from '../auth/session';
import { useMe } from '../auth/useMe';
import { KycBanner, KycTab } from '../kyc/KycEntry';
import { myAvailabilityQuery } from './my-api';
import { ProfileTab } from './ProfileTab';
import { WeeklySlots } from './WeeklySlots';
import './tutors.css';

const NAV = [
  { to: '/', label: 'Home' },
  { to: '/browse-tutors', label: 'Browse Tutors' },
  { to: '/tutor-availability', label: 'Availability' },
] as const;

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'bookings', label: 'Bookings' },
  { id: 'availability', label: 'Availability' },
  { id: 'earnings', label: 'Earnings' },
  { id: 'kyc', label: 'KYC Verification' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function TutorDashboard() {
  useDocumentTitle('Tutor Dashboard');
  const { session } = useSession();
  const { profile } = useMe();
  const signOut = useSignOutToHome();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TABS.find((t) => t.id === requested)?.id ?? 'profile';
  const name = greetingName(profile, session.status === 'signed-in' ? session.email : undefined);

  const selectTab = (id: TabId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === 'profile') next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );

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
        {tab === 'earnings' && <TutorEarningsTab />}
        {tab === 'kyc' && <KycTab />}
      </Tabs>
    </DashboardShell>
  );
}

function AvailabilityTab({ profile }: { profile: Profile | undefined }) {
  const list = useQuery(myAvailabilityQuery());
  return (
    <section className="card" aria-labelledby="availability-tab-title">
      <div className="section-head">
        <h2 id="availability-tab-title">Weekly availability</h2>
        <Link to="/tutor-availability" className={buttonClass('primary', 'sm')}>
          Manage Availability
        </Link>
      </div>
      <p className="muted">
        Students can book 1-hour, 90-minute or 2-hour sessions that fit inside these times
        {(list.data?.timeZone ?? profile?.timeZone) && <> ({zoneName(list.data?.timeZone ?? profile?.timeZone ?? '')})</>}.
      </p>
      {list.isPending ? (
        <PageLoading label="Loading your availability…" />
      ) : list.isError ? (
        <p role="alert">
          Could not load your availability.{' '}
          <button type="button" className="btn-link" onClick={() => void list.refetch()}>
            Retry
          </button>
        </p>
      ) : (
        <WeeklySlots slots={list.data.slots} />
      )}
    </section>
  );
}
