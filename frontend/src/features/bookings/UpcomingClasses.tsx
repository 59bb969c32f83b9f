/** Student dashboard "Upcoming classes" (spec §2): confirmed or paid, in the future, at most 5. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { buttonClass } from '../../shared/ui/Button';
import { paths } from '../../shared/paths';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { CardSection } from '../../shared/ui/CardSection';
import { viewerTimeZone } from '../../shared/slots';
import { bookingStatusBadge, canJoin, upcomingClasses } from './booking-status';
import { myBookingsQuery } from './bookings-api';
import { StatusBadge } from './components';
import { listMessages } from './messages';
import { sessionTime } from '../../shared/when';
import './bookings.css';

export function UpcomingClasses() {
  const query = useQuery(myBookingsQuery());
  const zone = useMemo(viewerTimeZone, []);
  const upcoming = useMemo(() => upcomingClasses(query.data ?? []), [query.data]);

  return (
    <CardSection id="upcoming-title" title="Upcoming classes" link={{ to: paths.myBookings, label: 'All bookings' }}>
      <QueryState
        query={query}
        loading={<InlineLoading label="Loading your classes…" />}
        error={{ title: 'Could not load your classes.', look: 'block', className: 'calendar-status' }}
        empty={{
          when: () => upcoming.length === 0,
          show: (
            <div>
              <p>
                <strong>{listMessages.noUpcoming}</strong>
              </p>
              <p className="muted">{listMessages.noUpcomingText}</p>
              <Link to={paths.browse()} className={buttonClass('primary', 'sm')}>
                Browse Tutors
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
                      <strong>{booking.subject}</strong> with {booking.tutor.firstName} {booking.tutor.lastName}
                    </p>
                    <p className="upcoming-when">
                      {when.date} · {when.time}
                    </p>
                  </div>
                  {canJoin(booking) ? (
                    <Link to={paths.liveSession(booking.id)} className={buttonClass('primary', 'sm')} aria-describedby={titleId}>
                      Join session
                    </Link>
                  ) : (
                    <StatusBadge kind="Booking" badge={bookingStatusBadge(booking.status)} />
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
