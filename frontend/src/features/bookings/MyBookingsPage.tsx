/**
 * /my-bookings (spec §2; any signed-in user): the caller's bookings as student or as tutor, soonest
 * first, on the viewer's clock. Verify Payment while a payment is pending with a reference; Pay
 * now while a student's unpaid booking still holds its time; Join session once paid; Cancel (a
 * confirm dialog says first whether the money comes back, and until when a cancel is free).
 */
import { useId, useMemo, useState } from 'react';
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
import { LessonReview } from '../reviews';
import { viewerTimeZone } from '../../shared/slots';
import { canCancel, cancellationSummary, cancelOutcome, canJoin, canPayNow, canVerifyPayment, otherParty } from './booking-status';
import { myBookingsQuery, useCancelBooking, useVerifyPayment } from './bookings-api';
import { Dialog } from '../../shared/ui/Dialog';
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

  const [cancelling, setCancelling] = useState(false);
  const actions = {
    pay: canPayNow(booking, viewerId),
    verify: canVerifyPayment(booking),
    join: canJoin(booking),
    cancel: canCancel(booking, viewerId),
  };
  const cancelled = cancellationSummary(booking, viewerId, booking.studentId);

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
      {cancelled && <p className="booking-cancelled">{cancelled}</p>}
      {actions.cancel && booking.paymentStatus === 'paid' && booking.freeCancellationUntil && booking.studentId === viewerId && (
        <p className="booking-hold">
          {freeCancellationLine(booking.freeCancellationUntil, zone)}
        </p>
      )}
      {booking.status !== 'cancelled' && (
        <RescheduleSection booking={booking} viewerId={viewerId} otherName={party.name} zone={zone} describedBy={titleId} />
      )}
      {booking.status === 'completed' && booking.paymentStatus === 'paid' && booking.studentId === viewerId && (
        <LessonReview bookingId={booking.id} tutorId={booking.tutorId} />
      )}
      {(actions.pay || actions.verify || actions.join || actions.cancel) && (
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
          {actions.cancel && (
            <Button size="sm" variant="ghost" onClick={() => setCancelling(true)} aria-describedby={titleId}>
              Cancel booking
            </Button>
          )}
        </div>
      )}
      <Dialog open={cancelling} title={`Cancel ${booking.subject} with ${party.name}?`} onClose={() => setCancelling(false)}>
        <CancelForm booking={booking} viewerId={viewerId} zone={zone} when={`${when.date}, ${when.time}`} onDone={() => setCancelling(false)} />
      </Dialog>
    </article>
  );
}

/** "Tue 24 Nov 2026 at 09:00" on the viewer's clock. */
/** The free-cancellation deadline, or that it has passed (then a student's cancel is not refunded). */
function freeCancellationLine(iso: string, zone: string, now = new Date()): string {
  const at = sessionTime(iso, 0, zone);
  return Date.parse(iso) > now.getTime()
    ? `Free cancellation until ${at.date} at ${at.start}.`
    : `Free cancellation ended ${at.date} at ${at.start}: cancelling now is not refunded.`;
}

/** Mounted when the dialog opens: the outcome is worked out at that moment, the reason starts empty. */
function CancelForm({ booking, viewerId, zone, when, onDone }: { booking: Booking; viewerId: string | undefined; zone: string; when: string; onDone: () => void }) {
  const id = useId();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking();
  const outcome = cancelOutcome(booking, viewerId);
  const isStudentPaid = booking.paymentStatus === 'paid' && booking.studentId === viewerId;
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate(
          { bookingId: booking.id, tutorId: booking.tutorId, reason: reason.trim() || undefined },
          {
            onSuccess: ({ booking: after }) => {
              toast.success(after.cancellation?.refundDue && after.paymentStatus !== 'pending' ? 'Booking cancelled. The full refund is on its way.' : 'Booking cancelled.');
              onDone();
            },
          },
        );
      }}
    >
      <p>{when}</p>
      <p className={outcome.refund ? 'alert alert-success' : 'alert alert-warn'} role="status">
        {outcome.text}
      </p>
      {isStudentPaid && booking.freeCancellationUntil && (
        <p className="muted">{freeCancellationLine(booking.freeCancellationUntil, zone)} ({zoneName(zone)})</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason (optional)</label>
        <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      {cancel.isError && (
        <p className="alert alert-error" role="alert">
          Could not cancel: {reasonOf(cancel.error)}
        </p>
      )}
      <div className="actions">
        <Button variant="ghost" onClick={onDone} disabled={cancel.isPending}>
          Keep booking
        </Button>
        <Button type="submit" variant="danger" busy={cancel.isPending}>
          Cancel booking
        </Button>
      </div>
    </form>
  );
}
