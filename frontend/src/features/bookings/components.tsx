/** Small pieces shared by the booking screens and the dashboards. */
import type { Booking } from '@functions/bookings/contract';
import { bookingStatusBadge, noShowBadge, paymentStatusBadge, refundBadge, type Badge } from './booking-status';
import { useBookingsText } from './text';

export function StatusBadge({ badge, kind }: { badge: Badge; kind: 'Booking' | 'Payment' }) {
  const t = useBookingsText();
  return (
    <span className={`status-badge tone-${badge.tone}`}>
      <span className="visually-hidden">{t(kind === 'Booking' ? 'badge.booking' : 'badge.payment')} </span>
      {badge.label}
    </span>
  );
}

export function BookingBadges({ booking }: { booking: Pick<Booking, 'status' | 'paymentStatus'> & Partial<Pick<Booking, 'refund' | 'noShow'>> }) {
  const t = useBookingsText();
  const refund = refundBadge(booking, t);
  const noShow = noShowBadge(booking, t);
  return (
    <span className="badge-row">
      <StatusBadge kind="Booking" badge={bookingStatusBadge(booking.status, t)} />
      <StatusBadge kind="Payment" badge={paymentStatusBadge(booking.paymentStatus, t)} />
      {refund && <StatusBadge kind="Payment" badge={refund} />}
      {noShow && <StatusBadge kind="Booking" badge={noShow} />}
    </span>
  );
}
