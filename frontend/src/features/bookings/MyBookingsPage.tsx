/**
 * /my-bookings (spec §2; any signed-in user): the caller's bookings as student or as tutor, soonest
 * first, on the viewer's clock. Verify Payment while a payment is pending with a reference; Pay
 * now while a student's unpaid booking still holds its time; Join session once paid.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Booking } from '@functions/bookings/contract';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession, useSignOutToHome } from '../auth';
import { viewerTimeZone } from '../../shared/slots';
import { canJoin, canPayNow, canVerifyPayment, otherParty } from './booking-status';
import { myBookingsQuery, useVerifyPayment } from './bookings-api';
import { BookingBadges } from './components';
import { RescheduleSection } from './Reschedule';
import { bookingUiMessages, listMessages, verifyPaymentToast } from './messages';
import { ksh, zoneName } from '../../shared/format';
import { paymentStartError, useStartPayment } from './pay';
import { clockTime, durationLabel, sessionTime } from '../../shared/when';
import './bookings.css';

const NAV = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.browse(), label: 'Browse Tutors' },
] as const;

export function MyBookingsPage() {
  useDocumentTitle('My Bookings');
  const { session } = useSession();
  const viewerId = session.status === 'signed-in' ? session.userId : undefined;
  const signOut = useSignOutToHome();
  const query = useQuery(myBookingsQuery());
  const zone = useMemo(viewerTimeZone, []);

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>My Bookings</h1>
      </div>
      <p className="muted">Times are in {zoneName(zone)} (your time zone).</p>
      <QueryState
        query={query}
        loading="Loading your bookings…"
        error={{ title: listMessages.loadError }}
        empty={{
          when: (bookings) => bookings.length === 0,
          show: (
            <StateCard title={listMessages.emptyTitle} text={listMessages.empty}>
              <Link to={paths.browse()} className={buttonClass('primary')}>
                Browse Tutors
              </Link>
            </StateCard>
          ),
        }}
      >
        {(bookings) => (
          <ul className="booking-list" role="list" aria-busy={query.isFetching || undefined}>
            {bookings.map((booking) => (
              <li key={booking.id}>
                <BookingCard booking={booking} viewerId={viewerId} zone={zone} />
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </DashboardShell>
  );
}

function BookingCard({ booking, viewerId, zone }: { booking: Booking; viewerId: string | undefined; zone: string }) {
  const toast = useToast();
  const verifyPayment = useVerifyPayment();
  const startPayment = useStartPayment();
  const verifying = verifyPayment.isPending;
  // Stays busy after success: the browser is on its way to the provider.
  const paying = startPayment.isPending || startPayment.isSuccess;
  const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
  const party = otherParty(booking, viewerId);
  const titleId = `booking-${booking.id}`;

  const verify = async () => {
    if (!booking.paymentReference) return;
    try {
      const result = await verifyPayment.mutateAsync({ reference: booking.paymentReference });
      const { kind, text } = verifyPaymentToast(result);
      toast.show(text, kind);
    } catch (error) {
      console.error('Verify payment failed', error);
      toast.error(bookingUiMessages.paymentError(reasonOf(error)));
    }
  };

  const pay = async () => {
    try {
      await startPayment.mutateAsync(booking.id);
    } catch (error) {
      console.error('Payment start failed', error);
      toast.error(paymentStartError(error));
    }
  };

  const actions = {
    pay: canPayNow(booking, viewerId),
    verify: canVerifyPayment(booking),
    join: canJoin(booking),
  };

  return (
    <article className="card booking-card" aria-labelledby={titleId}>
      <div className="booking-card-head">
        <h2 id={titleId}>{booking.subject}</h2>
        <BookingBadges booking={booking} />
      </div>
      <dl className="booking-facts">
        <dt>{party.role === 'tutor' ? 'Tutor' : 'Student'}</dt>
        <dd>{party.name}</dd>
        <dt>Date</dt>
        <dd>{when.date}</dd>
        <dt>Time</dt>
        <dd>{when.time}</dd>
        <dt>Duration</dt>
        <dd>{durationLabel(booking.durationMinutes)}</dd>
        <dt>Total</dt>
        <dd>{ksh(booking.totalAmount)}</dd>
      </dl>
      {booking.notes && (
        <p className="booking-notes">
          <span className="muted">Notes: </span>
          {booking.notes}
        </p>
      )}
      {actions.pay && booking.holdExpiresAt && (
        <p className="booking-hold">Time held for you until {clockTime(booking.holdExpiresAt, zone)}. Pay to confirm it.</p>
      )}
      <RescheduleSection booking={booking} viewerId={viewerId} otherName={party.name} zone={zone} describedBy={titleId} />
      {(actions.pay || actions.verify || actions.join) && (
        <div className="booking-card-actions">
          {actions.join && (
            <Link to={paths.liveSession(booking.id)} className={buttonClass('primary', 'sm')} aria-describedby={titleId}>
              Join session
            </Link>
          )}
          {actions.pay && (
            <Button size="sm" busy={paying} onClick={() => void pay()} aria-describedby={titleId}>
              Pay now
            </Button>
          )}
          {actions.verify && (
            <Button size="sm" variant="secondary" busy={verifying} onClick={() => void verify()} aria-describedby={titleId}>
              Verify Payment
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
