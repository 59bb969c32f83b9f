/**
 * /book-tutor/{tutorId} (the booking page; students only). The tutor's profile, and "Book a
 * Session" switches to the booking form ("View Profile" goes back; the view is in the URL so the
 * back button works). A link from the profile calendar (?start= or ?date=) opens the form
 * pre-filled. The form and zod come in their own chunk, fetched once "Book a Session" is
 * pointed at or focused (or at once when the form is what the link opens).
 */
import { Suspense } from 'react';
import { PartBoundary } from '../../shared/ui/PartBoundary';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { lazyWithRetry } from '../../shared/lazy-retry';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { QueryState } from '../../shared/ui/QueryState';
import { loadOnIntent } from '../../shared/load-on-intent';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { fullName, profileMessages, PublicPage, TutorAboutSections, TutorAvatar, TutorNotFound, TutorProfileHeader, tutorQuery, TutorQuickStats, tutorSlotsQuery } from '../tutors';
import { ksh } from '../../shared/format';
import { useBookText } from './book-text';
import { bookingUiMessages } from './messages';
import '../tutors/tutors.css';
import './bookings.css';
import { PayerOnly } from '../households';

const loadForm = () => import('./BookingForm');
const BookingForm = lazyWithRetry(() => loadForm().then((m) => m.BookingForm));

type View = 'profile' | 'form';

export function BookTutorPage() {
  const t = useBookText();
  const { tutorId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = useQuery(tutorQuery(tutorId));
  // The form's open times, asked for beside the tutor rather than after it.
  usePrefetchQuery(tutorSlotsQuery(tutorId));
  const tutor = query.data;
  const notFound = query.error instanceof ApiError && query.error.namesNothing;
  const requested = params.get('view');
  const view: View =
    requested === 'form' || (requested !== 'profile' && (params.has('start') || params.has('date'))) ? 'form' : 'profile';
  useDocumentTitle(tutor ? t('title', { name: fullName(tutor) }) : notFound ? profileMessages.notFoundTitle : t('titleDefault'));

  const show = (next: View) => {
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('view', next);
        return p;
      },
      { replace: false },
    );
    window.scrollTo(0, 0);
  };

  return (
    <PublicPage>
      {notFound ? (
        <TutorNotFound />
      ) : (
        <QueryState query={query} loading={t('loading')} error={{ title: t('loadError'), heading: 'h1' }}>
          {(tutor) =>
            view === 'form' && tutor.verified ? (
              <div className="book-form-view">
                <section className="card book-summary" aria-labelledby="book-title">
                  <TutorAvatar photoUrl={tutor.profilePhotoUrl} firstName={tutor.firstName} lastName={tutor.lastName} size={56} />
                  <div className="book-summary-text">
                    <h1 id="book-title">{t('title', { name: fullName(tutor) })}</h1>
                    <p className="muted">{t('perHour', { rate: ksh(tutor.hourlyRate) })}</p>
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => show('profile')}>
                    {t('viewProfile')}
                  </Button>
                </section>
                <PartBoundary>
                  <Suspense
                    fallback={
                      <div className="card">
                        <Spinner label={t('loadingForm')} />
                      </div>
                    }
                  >
                    <BookingForm tutor={tutor} wantedStart={params.get('start')} wantedDate={params.get('date')} />
                  </Suspense>
                </PartBoundary>
              </div>
            ) : (
              <TutorOverview tutor={tutor} onBook={() => show('form')} />
            )
          }
        </QueryState>
      )}
    </PublicPage>
  );
}

function TutorOverview({ tutor, onBook }: { tutor: PublicTutorProfile; onBook: () => void }) {
  const t = useBookText();
  return (
    <div className="book-layout">
      <div className="profile-main">
        <TutorProfileHeader tutor={tutor} rate={ksh(tutor.hourlyRate)} plainBadge />

        {tutor.verified ? (
          <div className="book-actions">
            <Button size="lg" onClick={onBook} {...loadOnIntent(loadForm)}>
              {t('bookSession')}
            </Button>
            <Link to={paths.weeklyLessons(tutor.id)} className={buttonClass('secondary', 'lg')}>
              {t('weeklyLessons')}
            </Link>
          </div>
        ) : (
          <section className="alert alert-warn verification-notice" role="status" aria-labelledby="unverified-title">
            <h2 id="unverified-title">{t('notBookable')}</h2>
            <p>{bookingUiMessages(t).tutorNotVerified}</p>
          </section>
        )}

        <TutorAboutSections tutor={tutor} />
      </div>

      <aside className="profile-side">
        <TutorQuickStats tutor={tutor} rate={ksh(tutor.hourlyRate)} />
        <Link to={paths.tutorProfile(tutor.id)} className={buttonClass('ghost')}>
          {t('fullProfile')}
        </Link>
      </aside>
    </div>
  );
}

/**
 * The route's page: a linked learner's parent books and pays, so they read that instead of the
 * form. The check lives in this lazy chunk, not in the route table, so the households notice and
 * the dashboard shell it draws stay out of every page's first load.
 */
export function BookTutorPageForPayer() {
  return (
    <PayerOnly>
      <BookTutorPage />
    </PayerOnly>
  );
}
