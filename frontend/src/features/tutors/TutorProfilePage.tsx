/**
 * /tutor-profile/{tutorId} (spec §2): the public profile with real figures only, and a booking
 * calendar of the tutor's open one-hour starts shown on the visitor's own clock.
 */
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { QueryState } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useViewer } from '../auth';
import { TutorReviewList } from '../reviews';
import { BookingCalendar } from './BookingCalendar';
import { PublicPage, TutorNotFound } from './components';
import { ksh } from '../../shared/format';
import { fullName } from './format';
import { useProfileText } from './profile/text';
import { useTutorsText } from './text';
import { tutorQuery, tutorSlotsQuery } from './public-api';
import { TutorAboutSections, TutorProfileHeader, TutorQuickStats } from './ProfileSections';
import './tutors.css';

export function TutorProfilePage() {
  const { tutorId = '' } = useParams();
  const query = useQuery(tutorQuery(tutorId));
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
        <QueryState query={query} loading={t('loading')} error={{ title: t('error'), heading: 'h1' }}>
          {(tutor) => <TutorProfile tutor={tutor} />}
        </QueryState>
      )}
    </PublicPage>
  );
}

function TutorProfile({ tutor }: { tutor: PublicTutorProfile }) {
  const t = useProfileText();
  const viewer = useViewer();
  return (
    <div className="profile-layout">
      <div className="profile-main">
        <TutorProfileHeader tutor={tutor} rate={ksh(tutor.hourlyRate)} />
        <TutorAboutSections tutor={tutor} />
        <section className="card profile-section" aria-labelledby="reviews-title">
          <h2 id="reviews-title">{t('reviews')}</h2>
          <TutorReviewList
            tutorId={tutor.id}
            canHide={viewer.kind === 'user' && viewer.role === 'super_admin'}
            emptyText={t('reviewsEmpty', { name: tutor.firstName })} />
        </section>
      </div>

      <aside className="profile-side">
        <BookingCalendar tutorId={tutor.id} tutorTimeZone={tutor.timeZone} verified={tutor.verified} />
        <TutorQuickStats tutor={tutor} rate={ksh(tutor.hourlyRate)} />
      </aside>
    </div>
  );
}
