/**
 * /tutor-profile/{tutorId} (spec §2): the public profile with real figures only, and a booking
 * calendar of the tutor's open one-hour starts shown on the visitor's own clock.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { Button, buttonClass } from '../../shared/ui/Button';
import { PageLoading } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { BookingCalendar } from './BookingCalendar';
import { PublicHeader } from './components';
import { ksh } from '../../shared/format';
import { fullName } from './format';
import { profileMessages } from './messages';
import { tutorQuery } from './public-api';
import { TutorAboutSections, TutorProfileHeader, TutorQuickStats } from './ProfileSections';
import './tutors.css';

export function TutorProfilePage() {
  const { tutorId = '' } = useParams();
  const query = useQuery(tutorQuery(tutorId));
  const tutor = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(tutor ? fullName(tutor) : notFound ? profileMessages.notFoundTitle : 'Tutor profile');

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="tutors-page">
        <div className="container">
          {query.isPending ? (
            <PageLoading label="Loading tutor profile…" />
          ) : notFound ? (
            <TutorNotFound />
          ) : query.isError || !tutor ? (
            <div className="card state-card" role="alert">
              <h1>Could not load this profile</h1>
              <p>Please check your connection and try again.</p>
              <Button busy={query.isFetching} onClick={() => void query.refetch()}>
                Retry
              </Button>
            </div>
          ) : (
            <TutorProfile tutor={tutor} />
          )}
        </div>
      </main>
    </>
  );
}

function TutorNotFound() {
  return (
    <div className="card state-card">
      <h1>{profileMessages.notFoundTitle}</h1>
      <p>{profileMessages.notFound}</p>
      <Link to="/browse-tutors" className={buttonClass('primary')}>
        Browse Tutors
      </Link>
    </div>
  );
}

function TutorProfile({ tutor }: { tutor: PublicTutorProfile }) {
  return (
    <div className="profile-layout">
      <div className="profile-main">
        <TutorProfileHeader tutor={tutor} rate={ksh(tutor.hourlyRate)} />
        <TutorAboutSections tutor={tutor} />
      </div>

      <aside className="profile-side">
        <BookingCalendar tutorId={tutor.id} tutorTimeZone={tutor.timeZone} verified={tutor.verified} />
        <TutorQuickStats tutor={tutor} rate={ksh(tutor.hourlyRate)} />
      </aside>
    </div>
  );
}
