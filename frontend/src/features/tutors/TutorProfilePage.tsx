/**
 * /tutor-profile/{tutorId}: the public profile with real figures only, and a booking
 * calendar of the tutor's open one-hour starts shown on the visitor's own clock. Its HTML shell
 * (infra/aws/prerendered-pages.ts PRELOADING_SHELLS) comes with the page's skeleton prerendered, so a
 * slow phone paints the page's frame before the JavaScript has arrived; the app hydrates it.
 */
import { Suspense } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useAsPrerendered, useHydrated } from '../../shared/useHydrated';
import { lazyWithRetry } from '../../shared/lazy-retry';
import { PartBoundary } from '../../shared/ui/PartBoundary';
import { useViewer } from '../auth';
import { MessageTutorButton } from '../conversations';
import { ShareTutor } from '../share';
import { TutorReviewList } from '../reviews';
import { BookingCalendar } from './BookingCalendar';
import { bookingOffer } from './booking-offer';
import { PublicPage, TutorNotFound } from './components';
import { ksh } from '../../shared/format';
import { paths } from '../../shared/paths';
import { fullName } from './format';
import { useProfileText } from './profile/text';
import { useTutorsText } from './text';
import { tutorQuery, tutorSlotsQuery } from './public-api';
import { TutorAboutSections, TutorProfileHeader, TutorQuickStats } from './ProfileSections';
import '../../shared/ui/skeleton.css';
import './tutors.css';

/**
 * Lesson packs beside Book: their own chunk, loaded once the page runs here (the prerendered HTML
 * has no packs, which are priced now from the tutor's rate).
 */
const ProfilePacks = lazyWithRetry(() => import('../packs').then((m) => m.ProfilePacks));

export function TutorProfilePage() {
  const { tutorId = '' } = useParams();
  // While hydrating, the skeleton the shell showed, even if the prefetched tutor is already in.
  // Filled from the start on the tutor's own page (its HTML was rendered with the tutor, functions/sitepages).
  const query = useAsPrerendered(useQuery(tutorQuery(tutorId)), tutorQuery(tutorId).queryKey);
  // The calendar's open times, asked for beside the tutor rather than once it has arrived.
  usePrefetchQuery(tutorSlotsQuery(tutorId));
  const t = useProfileText();
  const common = useTutorsText();
  const tutor = query.data;
  const notFound = query.error instanceof ApiError && query.error.namesNothing;
  useDocumentTitle(tutor ? fullName(tutor) : notFound ? common('notFound.title') : t('title'));

  return (
    <PublicPage>
      {notFound ? (
        <TutorNotFound />
      ) : (
        <QueryState query={query} loading={<ProfileSkeleton label={t('loading')} />} error={{ title: t('error'), heading: 'h1' }}>
          {(tutor) => <TutorProfile tutor={tutor} />}
        </QueryState>
      )}
    </PublicPage>
  );
}

function TutorProfile({ tutor }: { tutor: PublicTutorProfile }) {
  const t = useProfileText();
  const common = useTutorsText();
  const viewer = useViewer();
  const hydrated = useHydrated();
  const canBuy = bookingOffer(viewer, tutor) === 'book';
  return (
    // Header, booking, then about and reviews: on a phone (one column) the booking box comes
    // right after who the tutor is, not below every review; on a desktop it is the side column.
    <div className="profile-layout">
      <TutorProfileHeader tutor={tutor} rate={ksh(tutor.hourlyRate)} />

      <aside className="profile-side">
        <ShareTutor path={paths.tutorProfile(tutor.id)} name={fullName(tutor)} />
        {viewer.kind === 'user' && (viewer.role === 'student' || viewer.role === 'parent') && <MessageTutorButton tutorId={tutor.id} />}
        {tutor.trialLesson && (
          <p className="tutor-card-trial">
            {tutor.trialLesson.kind === 'free' ? common('trial.freeBadge') : common('trial.badge', { price: ksh(tutor.trialLesson.price) })}
          </p>
        )}
        <BookingCalendar tutorId={tutor.id} tutorTimeZone={tutor.timeZone} verified={tutor.verified} />
        {hydrated && canBuy && (
          <PartBoundary>
            <Suspense fallback={null}>
              <ProfilePacks tutorId={tutor.id} />
            </Suspense>
          </PartBoundary>
        )}
        <TutorQuickStats tutor={tutor} rate={ksh(tutor.hourlyRate)} />
      </aside>

      <div className="profile-main">
        <TutorAboutSections tutor={tutor} />
        <section className="card profile-section" aria-labelledby="reviews-title">
          <h2 id="reviews-title">{t('reviews')}</h2>
          <TutorReviewList
            tutorId={tutor.id}
            canHide={viewer.kind === 'user' && viewer.role === 'super_admin'}
            emptyText={t('reviewsEmpty', { name: tutor.firstName })} />
        </section>
      </div>
    </div>
  );
}

/** The profile's frame while the tutor loads: header, about and calendar cards in their places. */
function ProfileSkeleton({ label }: { label: string }) {
  const line = (width: string) => <span className="skeleton skeleton-line" style={{ width }} />;
  return (
    <div className="profile-layout" role="status" aria-label={label}>
      <div className="card profile-header" aria-hidden="true">
        <span className="skeleton skeleton-circle profile-skeleton-photo" />
        <div className="profile-skeleton-lines">
          {line('12rem')}
          {line('8rem')}
          {line('6rem')}
        </div>
      </div>
      <div className="profile-side" aria-hidden="true">
        <div className="card profile-skeleton-lines">
          {line('50%')}
          <span className="skeleton profile-skeleton-calendar" />
        </div>
      </div>
      <div className="profile-main" aria-hidden="true">
        <div className="card profile-skeleton-lines">
          {line('40%')}
          {line('95%')}
          {line('90%')}
          {line('70%')}
        </div>
      </div>
    </div>
  );
}
