/**
 * The tutor dashboard's tabs after Profile: a chunk of their own, fetched when the tab strip is
 * pointed at or focused (or a link opens one of them), so the dashboard's first load carries only
 * the Profile tab a tutor lands on.
 */
import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@functions/profiles/contract';
import { zoneName } from '../../../shared/format';
import { paths } from '../../../shared/paths';
import { CardSection } from '../../../shared/ui/CardSection';
import { QueryState } from '../../../shared/ui/QueryState';
import { TutorBookingsTab, TutorEarningsTab } from '../../bookings';
import { TutorCoursesTab } from '../../courses';
import { KycTab } from '../../kyc';
import { TutorMoney } from '../../ledger';
import { PayoutDetailsCard } from '../../payouts';
import { TutorReviewList } from '../../reviews';
import { myAvailabilityQuery } from '../my-api';
import { WeeklySlots } from '../WeeklySlots';
import { useDashboardText } from './text';

export type MoreTabId = 'bookings' | 'availability' | 'earnings' | 'kyc' | 'courses' | 'reviews';

export function MoreTabs({ tab, profile, tutorId }: { tab: MoreTabId; profile: Profile | undefined; tutorId: string | undefined }) {
  const t = useDashboardText();
  switch (tab) {
    case 'availability':
      return <AvailabilityTab profile={profile} />;
    case 'bookings':
      return <TutorBookingsTab />;
    case 'earnings':
      return (
        <>
          <TutorMoney />
          <PayoutDetailsCard />
          <TutorEarningsTab />
        </>
      );
    case 'kyc':
      return <KycTab />;
    case 'courses':
      return <TutorCoursesTab />;
    case 'reviews':
      return tutorId ? (
        <CardSection id="reviews-tab-title" title={t('reviews.title')}>
          <TutorReviewList tutorId={tutorId} canReply emptyText={t('reviews.empty')} />
        </CardSection>
      ) : null;
  }
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
