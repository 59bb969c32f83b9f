/** Small pieces shared by the booking screens and the dashboards. */
import type { Booking } from '@functions/bookings/contract';
import { bookingStatusBadge, noShowBadge, paymentStatusBadge, refundBadge, type Badge } from './booking-status';

export function StatusBadge({ badge, kind }: { badge: Badge; kind: 'Booking' | 'Payment' }) {
  return (
    <span className={`status-badge tone-${badge.tone}`}>
      <span className="visually-hidden">{kind} status: </span>
      {badge.label}
    </span>
  );
}

export function BookingBadges({ booking }: { booking: Pick<Booking, 'status' | 'paymentStatus'> & Partial<Pick<Booking, 'refund' | 'noShow'>> }) {
  const refund = refundBadge(booking);
  const noShow = noShowBadge(booking);
  return (
    <span className="badge-row">
      <StatusBadge kind="Booking" badge={bookingStatusBadge(booking.status)} />
      <StatusBadge kind="Payment" badge={paymentStatusBadge(booking.paymentStatus)} />
      {refund && <StatusBadge kind="Payment" badge={refund} />}
      {noShow && <StatusBadge kind="Booking" badge={noShow} />}
    </span>
  );
}
