/** Student dashboard "Upcoming classes": confirmed or paid, in the future, at most 5. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Trans } from '@lingui/react';
import { buttonClass } from '../../shared/ui/Button';
import { paths } from '../../shared/paths';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { CardSection } from '../../shared/ui/CardSection';
import { viewerTimeZone } from '../../shared/slots';
import { bookingStatusBadge, canJoin, upcomingClasses } from './booking-status';
import { myBookingsQuery } from './bookings-api';
import { JoinSession, StatusBadge } from './components';
import { listMessages } from './messages';
import { useBookingsText } from './text';
import { useSubjectName } from '../tutors';
import { sessionTime } from '../../shared/when';
import './bookings.css';

export function UpcomingClasses() {
  const t = useBookingsText();
  const list = listMessages(t);
  const query = useQuery(myBookingsQuery());
  const zone = useMemo(viewerTimeZone, []);
  const upcoming = useMemo(() => upcomingClasses(query.data ?? []), [query.data]);
  const subjectName = useSubjectName();

  return (
    <CardSection id="upcoming-title" title={t('upcoming.title')} link={{ to: paths.myBookings, label: t('nav.allBookings') }}>
      <QueryState
        query={query}
        loading={<InlineLoading label={t('upcoming.loading')} />}
        error={{ title: t('upcoming.loadError'), look: 'block', className: 'calendar-status' }}
        empty={{
          when: () => upcoming.length === 0,
          show: (
            <div>
              <p>
                <strong>{list.noUpcoming}</strong>
              </p>
              <p className="muted">{list.noUpcomingText}</p>
              <Link to={paths.browse()} className={buttonClass('primary', 'sm')}>
                {t('nav.browse')}
              </Link>
            </div>
          ),
        }}
      >
        {() => (
          <ul role="list" aria-labelledby="upcoming-title">
            {upcoming.map((booking) => {
              const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
              const titleId = `upcoming-${booking.id}`;
              return (
                <li key={booking.id} className="upcoming-item">
                  <div>
                    <p id={titleId}>
                      <Trans
                        id={useBookingsText.id('upcoming.with')}
                        values={{ subject: subjectName(booking.subject), name: `${booking.tutor.firstName} ${booking.tutor.lastName}` }}
                        components={{ 0: <strong /> }}
                      />
                    </p>
                    <p className="upcoming-when">
                      {when.date} · {when.time}
                    </p>
                  </div>
                  {canJoin(booking) ? (
                    <JoinSession booking={booking} zone={zone} describedBy={titleId} />
                  ) : (
                    <StatusBadge kind="Booking" badge={bookingStatusBadge(booking.status, t)} />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </CardSection>
  );
}
