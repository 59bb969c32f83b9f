/**
 * The tutor dashboard's booking tabs: the Bookings tab (10 most recent; Start Class only when paid, disabled until the class opens) and the Earnings tab with a small
 * inline-SVG chart of the last six months (no chart library) and the same figures as a table.
 */
import { Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Booking } from '@functions/bookings/contract';
import { Button } from '../../shared/ui/Button';
import { useToast } from '../../shared/ui/toast';
import { MessageBookingButton } from '../conversations';
import { liveFailure, useCreateLiveSession, type LiveLinkState } from '../live';
import { ReportCardLink, ReportShareLine } from '../reports';
import { useSubjectName } from '../tutors';
import { paths } from '../../shared/paths';
import { QueryState } from '../../shared/ui/QueryState';
import { CardSection } from '../../shared/ui/CardSection';
import { viewerTimeZone } from '../../shared/slots';
import { canJoin, recentBookings } from './booking-status';
import { myBookingsQuery, tutorStatsQuery } from './bookings-api';
import { BookingBadges, NotOpenYet, useLiveOpensLater } from './components';
import { RescheduleSection } from './Reschedule';
import { listMessages } from './messages';
import { useBookingsText } from './text';
import { compactAmount, ksh, zoneName } from '../../shared/format';
import { monthLabel, sessionTime } from '../../shared/when';
import { useActiveLanguage } from '../../shared/i18n/text';
import { learnerLevel } from '@functions/households/grades-catalog';
import { lazyWithRetry } from '../../shared/lazy-retry';
import './bookings.css';

/** Its own chunk, as in My Bookings: plans' code and texts load with the tab, not the dashboard. */
const TutorPlansSection = lazyWithRetry(() => import('../plans').then((m) => m.TutorPlansSection));
const TutorPackOffersSection = lazyWithRetry(() => import('../packs').then((m) => m.TutorPackOffersSection));

export function TutorBookingsTab() {
  const t = useBookingsText();
  const list = listMessages(t);
  const query = useQuery(myBookingsQuery());
  const zone = useMemo(viewerTimeZone, []);
  const recent = useMemo(() => recentBookings(query.data ?? []), [query.data]);
  const subjectName = useSubjectName();
  const language = useActiveLanguage();
  return (
    <>
    <CardSection id="tutor-bookings-title" title={t('tutor.recent')} link={{ to: paths.myBookings, label: t('nav.allBookings') }}>
      <QueryState
        query={query}
        loading={t('list.loading')}
        error={{ title: list.loadError, look: 'inline' }}
        empty={{ when: () => recent.length === 0, show: <p className="muted">{list.tutorEmpty}</p> }}
      >
        {() => (
          <>
            <p className="muted">{t('zone.short', { zone: zoneName(zone) })}</p>
            <ReportShareLine />
            <ul role="list" className="booking-list">
              {recent.map((booking) => {
                const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
                const titleId = `tutor-booking-${booking.id}`;
                return (
                  <li key={booking.id}>
                    <article className="card booking-card" aria-labelledby={titleId}>
                      <div className="booking-card-head">
                        <h3 id={titleId}>
                          {booking.learner
                            ? t('learnerName', { name: booking.learner.firstName, level: learnerLevel(booking.learner.grade, booking.learner.curriculum, language) })
                            : `${booking.student.firstName} ${booking.student.lastName}`}
                        </h3>
                        <BookingBadges booking={booking} />
                      </div>
                      <dl className="booking-facts">
                        {booking.learner && (
                          <>
                            <dt>{t('fact.parent')}</dt>
                            <dd>{booking.student.firstName} {booking.student.lastName}</dd>
                          </>
                        )}
                        <dt>{t('fact.subject')}</dt>
                        <dd>{subjectName(booking.subject)}</dd>
                        <dt>{t('fact.date')}</dt>
                        <dd>{when.date}</dd>
                        <dt>{t('fact.time')}</dt>
                        <dd>{when.time}</dd>
                        <dt>{t('fact.amount')}</dt>
                        <dd>{ksh(booking.totalAmount)}</dd>
                        {booking.notes && (
                          <>
                            <dt>{t('fact.studentNotes')}</dt>
                            <dd className="pre-line">{booking.notes}</dd>
                          </>
                        )}
                      </dl>
                      <RescheduleSection
                        booking={booking}
                        viewerId={booking.tutorId}
                        otherName={`${booking.student.firstName} ${booking.student.lastName}`}
                        zone={zone}
                        describedBy={titleId}
                      />
                      {booking.status === 'completed' && <ReportCardLink bookingId={booking.id} describedBy={titleId} />}
                      <div className="booking-card-actions">
                        {canJoin(booking) && <StartClassButton booking={booking} zone={zone} describedBy={titleId} />}
                        <MessageBookingButton bookingId={booking.id} describedBy={titleId} />
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </QueryState>
    </CardSection>
    <Suspense fallback={null}>
      <TutorPlansSection />
    </Suspense>
    <Suspense fallback={null}>
      <TutorPackOffersSection />
    </Suspense>
    </>
  );
}

/**
 * Start Class: makes the lesson's live session active at once and opens its page,
 * where the classroom opens by itself.
 */
function StartClassButton({ booking, zone, describedBy }: { booking: Pick<Booking, 'id' | 'scheduledAt'>; zone: string; describedBy: string }) {
  const t = useBookingsText();
  const opensAt = useLiveOpensLater(booking);
  const start = useCreateLiveSession();
  const toast = useToast();
  const navigate = useNavigate();
  const startClass = async () => {
    try {
      await start.mutateAsync({ bookingId: booking.id, start: true });
      toast.success(t('tutor.classStarted'));
      const state: LiveLinkState = { join: true };
      navigate(paths.liveSession(booking.id), { state });
    } catch (error) {
      console.error('Start class failed', error);
      toast.error(liveFailure(t('tutor.classStartFailed'), error));
    }
  };
  if (opensAt) return <NotOpenYet label={t('tutor.startClass')} opensAt={opensAt} zone={zone} describedBy={describedBy} />;
  return (
    // Stays busy after success: the page is on its way.
    <Button size="sm" busy={start.isPending || start.isSuccess} onClick={() => void startClass()} aria-describedby={describedBy}>
      {t('tutor.startClass')}
    </Button>
  );
}

export function TutorEarningsTab() {
  const t = useBookingsText();
  const query = useQuery(tutorStatsQuery());
  return (
    <section className="card" aria-labelledby="earnings-title">
      <h2 id="earnings-title">{t('earnings.title')}</h2>
      <QueryState query={query} loading={t('earnings.loading')} error={{ title: t('earnings.loadError'), look: 'block' }}>
        {(s) => (
          <>
            <dl className="quick-stats">
              <div>
                <dt>{t('tutor.totalEarnings')}</dt>
                <dd>{ksh(s.totalEarnings)}</dd>
              </div>
              <div>
                <dt>{t('tutor.thisMonth')}</dt>
                <dd>{ksh(s.monthlyEarnings)}</dd>
              </div>
              <div>
                <dt>{t('earnings.lastSixMonths')}</dt>
                <dd>{ksh(s.earningsByMonth.reduce((sum, m) => sum + m.amount, 0))}</dd>
              </div>
            </dl>
            <EarningsChart months={s.earningsByMonth} />
          </>
        )}
      </QueryState>
    </section>
  );
}

const CHART = { width: 320, height: 160, top: 18, bottom: 22, gap: 10 } as const;

/** Bars with month labels; the table below carries the same figures for screen readers. */
export function EarningsChart({ months }: { months: ReadonlyArray<{ month: string; amount: number }> }) {
  const t = useBookingsText();
  const max = Math.max(0, ...months.map((m) => m.amount));
  const barWidth = months.length ? (CHART.width - CHART.gap * (months.length - 1)) / months.length : 0;
  const plot = CHART.height - CHART.top - CHART.bottom;
  return (
    <figure className="earnings-chart">
      <figcaption id="earnings-chart-title">{t('earnings.chart')}</figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} aria-hidden="true" focusable="false">
        {months.map((m, i) => {
          const h = max > 0 ? Math.max(m.amount > 0 ? 2 : 0, (m.amount / max) * plot) : 0;
          const x = i * (barWidth + CHART.gap);
          const y = CHART.top + plot - h;
          return (
            <g key={m.month}>
              <rect
                className={m.amount > 0 ? 'chart-bar' : 'chart-bar-empty'}
                x={x}
                y={m.amount > 0 ? y : CHART.top + plot - 2}
                width={barWidth}
                height={m.amount > 0 ? h : 2}
                rx={3}
              />
              {m.amount > 0 && (
                <text className="chart-value" x={x + barWidth / 2} y={y - 4} textAnchor="middle">
                  {compactAmount(m.amount)}
                </text>
              )}
              <text className="chart-label" x={x + barWidth / 2} y={CHART.height - 6} textAnchor="middle">
                {monthLabel(m.month)}
              </text>
            </g>
          );
        })}
      </svg>
      {/* Hidden in a box: a table ignores the 1 px height, and its rows would stretch the page. */}
      <div className="visually-hidden">
        <table aria-labelledby="earnings-chart-title">
          <thead>
            <tr>
              <th scope="col">{t('earnings.month')}</th>
              <th scope="col">{t('earnings.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month, true)}</th>
                <td>{ksh(m.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
