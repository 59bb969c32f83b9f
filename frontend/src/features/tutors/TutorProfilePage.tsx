/**
 * /tutor-profile/{tutorId} (spec §2): the public profile with real figures only, and a booking
 * calendar of the tutor's open one-hour starts shown on the visitor's own clock.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { LEVEL_LABELS } from '@functions/tutors/catalog';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { Button, buttonClass } from '../../shared/ui/Button';
import { PageLoading } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { BookingCalendar } from './BookingCalendar';
import { PublicHeader, TutorAvatar, VerifiedBadge } from './components';
import { formatAmount, fullName, hours, ksh, monthYear } from './format';
import { profileMessages } from './messages';
import { tutorQuery } from './public-api';
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
  const name = fullName(tutor);
  const since = monthYear(tutor.memberSince);
  return (
    <div className="profile-layout">
      <div className="profile-main">
        <section className="card profile-header" aria-labelledby="tutor-name">
          <TutorAvatar photoUrl={tutor.profilePhotoUrl} firstName={tutor.firstName} lastName={tutor.lastName} size={88} />
          <div>
            <h1 id="tutor-name">{name}</h1>
            <p className="profile-header-meta">
              {tutor.verified && <VerifiedBadge />}
              {tutor.country && <span className="muted">{tutor.country}</span>}
            </p>
            {tutor.headline && !tutor.bio && <p className="muted">{tutor.headline}</p>}
            <p className="profile-rate">
              <strong>{ksh(tutor.hourlyRate)}</strong> <span className="muted">per hour</span>
            </p>
          </div>
        </section>

        {tutor.bio && (
          <section className="card profile-section" aria-labelledby="about-title">
            <h2 id="about-title">About {tutor.firstName}</h2>
            <p className="pre-line">{tutor.bio}</p>
          </section>
        )}

        <section className="card profile-section" aria-labelledby="teaching-title">
          <h2 id="teaching-title">Teaching</h2>
          <TagGroup title="Subjects" items={tutor.subjects} />
          <TagGroup title="Levels" items={tutor.levels.map((level) => LEVEL_LABELS[level])} />
          <TagGroup title="Specializations" items={tutor.specializations} />
          {tutor.teachingExperience && (
            <>
              <h3>Experience</h3>
              <p className="pre-line">{tutor.teachingExperience}</p>
            </>
          )}
          {tutor.educationBackground && (
            <>
              <h3>Education</h3>
              <p className="pre-line">{tutor.educationBackground}</p>
            </>
          )}
          {tutor.certifications.length > 0 && (
            <>
              <h3>Certifications</h3>
              <ul className="plain-list">
                {tutor.certifications.map((certification) => (
                  <li key={certification}>{certification}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>

      <aside className="profile-side">
        <BookingCalendar tutorId={tutor.id} tutorTimeZone={tutor.timeZone} />
        <section className="card profile-section" aria-labelledby="stats-title">
          <h2 id="stats-title">Quick stats</h2>
          <dl className="quick-stats">
            {since && (
              <div>
                <dt>Member since</dt>
                <dd>{since}</dd>
              </div>
            )}
            <div>
              <dt>Weekly availability</dt>
              <dd>{hours(tutor.stats.weeklyHours)}</dd>
            </div>
            {tutor.stats.completedSessions > 0 && (
              <div>
                <dt>Completed sessions</dt>
                <dd>{formatAmount(tutor.stats.completedSessions)}</dd>
              </div>
            )}
            <div>
              <dt>Rate</dt>
              <dd>{ksh(tutor.hourlyRate)}/hr</dd>
            </div>
          </dl>
        </section>
      </aside>
    </div>
  );
}

function TagGroup({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul className="tag-list" role="list" aria-label={title}>
        {items.map((item) => (
          <li key={item} className="tag">
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}
