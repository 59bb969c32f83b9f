/**
 * Booking calendar of the profile page: dates with open slots in the next 30
 * days, then that date's start times, all in the visitor's time zone. "Book Session Now" opens
 * /book-tutor/{id}?start=ISO (or ?date=YYYY-MM-DD when no time is picked).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClass } from '../../shared/ui/Button';
import { paths } from '../../shared/paths';
import { OfflineState } from '../../shared/ui/Offline';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useSession, useViewer } from '../auth';
import { bookingOffer } from './booking-offer';
import { useProfileText } from './profile/text';
import { useTutorsText } from './text';
import { tutorSlotsQuery } from './public-api';
import { groupSlotsByLocalDate, viewerTimeZone } from '../../shared/slots';
import { zoneName } from '../../shared/format';
import { useAsPrerendered, useHydrated } from '../../shared/useHydrated';

export function BookingCalendar({ tutorId, tutorTimeZone, verified }: { tutorId: string; tutorTimeZone: string; verified: boolean }) {
  const t = useProfileText();
  const common = useTutorsText();
  const { session } = useSession();
  const offer = bookingOffer(useViewer(), { id: tutorId, verified });
  const toast = useToast();
  const navigate = useNavigate();
  // Loading while hydrating, as the tutor's rendered page shows it, even if the prefetched times are in.
  const query = useAsPrerendered(useQuery(tutorSlotsQuery(tutorId)));
  const zone = useMemo(viewerTimeZone, []);
  // The visitor's zone is unknown where the page's HTML is rendered: the HTML names the tutor's
  // (most visitors share it, so the line is painted once, with the page, not again at hydration),
  // and the visitor's own once the page runs here.
  const hydrated = useHydrated();
  const shownZone = hydrated ? zone : tutorTimeZone;
  const days = useMemo(() => groupSlotsByLocalDate(query.data?.slots ?? [], zone), [query.data, zone]);
  const [dateKey, setDateKey] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  /** Why Book Session Now did nothing (no date, no times on it): said under the dates, not in a toast. */
  const [problem, setProblem] = useState<string | null>(null);
  const day = days.find((d) => d.key === dateKey);
  // A refetch may have taken the picked time: forget it then.
  const time = day?.times.find((slot) => slot.start === start);

  const book = () => {
    if (session.status === 'signed-out') {
      toast.info(t('calendar.signIn'));
      const chosen = time ? { start: time.start } : dateKey ? { date: dateKey } : undefined;
      navigate(paths.auth, { state: { returnTo: paths.bookTutor(tutorId, chosen) } });
      return;
    }
    if (!dateKey) {
      setProblem(t('calendar.selectDate'));
      return;
    }
    if (!day || day.times.length === 0) {
      setProblem(t('calendar.noSlots'));
      return;
    }
    navigate(paths.bookTutor(tutorId, time ? { start: time.start } : { date: day.key }));
  };

  return (
    <section className="card profile-section booking-calendar" aria-labelledby="calendar-title">
      <h2 id="calendar-title">{t('calendar.title')}</h2>
      {(offer === 'book' || offer === 'wait') && (
        <p className="muted calendar-zone">
          {t('calendar.zone', { zone: zoneName(shownZone) })}
          {zoneName(tutorTimeZone) !== zoneName(shownZone) && t('calendar.tutorZone', { zone: zoneName(tutorTimeZone) })}
        </p>
      )}

      {offer === 'not-bookable' ? (
        <div className="alert alert-warn calendar-status" role="status">
          <p>
            <strong>{common('offer.notBookable')}</strong>
          </p>
          <p>{common('offer.notBookableText')}</p>
        </div>
      ) : offer === 'none' ? (
        <p className="calendar-status muted">{common('offer.studentsOnly')}</p>
      ) : offer === 'ask-parent' ? (
        <p className="calendar-status muted">{common('offer.askParent')}</p>
      ) : offer === 'wait-parent' ? (
        <p className="calendar-status muted" id="wait-parent-note">{common('offer.waitParent')}</p>
      ) : query.isPending && query.fetchStatus === 'paused' ? (
        <OfflineState what={t('calendar.offlineWhat')} inline />
      ) : query.isPending ? (
        <InlineLoading label={t('calendar.loading')} />
      ) : query.isError ? (
        <LoadError title={t('calendar.failed')} look="block" className="calendar-status" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : days.length === 0 ? (
        <p className="calendar-status">{t('calendar.none')}</p>
      ) : (
        <>
          <h3 id="dates-title" className="calendar-label">
            {t('calendar.chooseDate')}
          </h3>
          <ul className="date-row" role="list" aria-labelledby="dates-title">
            {days.map((d) => {
              // "Mon 23 Nov" / "Jumatatu, 23 Nov": the weekday on its own line, then the day.
              const [weekday = '', ...rest] = d.short.split(' ');
              return (
                <li key={d.key}>
                  <button
                    type="button"
                    className="date-button"
                    aria-pressed={d.key === dateKey}
                    onClick={() => {
                      setDateKey(d.key);
                      setStart(null);
                      setProblem(null);
                    }}
                  >
                    {/* The name is the visible text ("Mon 23 Nov"), so speech input can say what it sees. */}
                    <span className="date-weekday">{weekday.replace(/,$/, '')}</span> <span className="date-day">{rest.join(' ')}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {problem && (
            <p id="calendar-problem" className="field-error" role="alert">
              {problem}
            </p>
          )}
          {day && (
            <>
              <h3 id="times-title" className="calendar-label">
                {t('calendar.times', { date: day.full })}
              </h3>
              <ul className="time-grid" role="list" aria-labelledby="times-title">
                {day.times.map((slot) => (
                  <li key={slot.start}>
                    <button
                      type="button"
                      className="time-button"
                      aria-pressed={slot.start === time?.start}
                      onClick={() => setStart(slot.start)}
                    >
                      {slot.label}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}

      <div className="calendar-actions">
        {offer === 'book' && (
          <Button size="lg" onClick={book} aria-describedby={problem ? 'calendar-problem' : undefined}>
            {t('calendar.book')}
          </Button>
        )}
        {offer === 'book' && (
          <Link to={paths.weeklyLessons(tutorId)} className={buttonClass('secondary', 'lg')}>
            {t('calendar.weekly')}
          </Link>
        )}
        <Link to={paths.liveDemo} className={buttonClass('secondary', 'lg')}>
          {t('calendar.demo')}
        </Link>
      </div>
    </section>
  );
}
