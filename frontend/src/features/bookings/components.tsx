/** Small pieces shared by the booking screens and the dashboards. */
import { useEffect, useId, useState } from 'react';
import type { Booking } from '@functions/bookings/contract';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { sessionTime } from '../../shared/when';
import { bookingStatusBadge, liveOpensLater, noShowBadge, paymentStatusBadge, refundBadge, type Badge } from './booking-status';
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

/** The longest wait setTimeout holds (about 24.8 days); a class further off is checked on a later render. */
const MAX_TIMER_MS = 2_147_483_647;

/** When the lesson's class opens while it is not open yet (null once open); re-renders at the opening. */
export function useLiveOpensLater(booking: Pick<Booking, 'scheduledAt'>): Date | null {
  const [now, setNow] = useState(() => new Date());
  const opensAt = liveOpensLater(booking, now);
  const opensMs = opensAt?.getTime() ?? null;
  useEffect(() => {
    if (opensMs === null) return;
    const wait = opensMs - Date.now();
    if (wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [opensMs]);
  return opensAt;
}

/**
 * Start Class / Join session before the class opens: the button, disabled, and when it opens on
 * the viewer's clock ("Opens at 16:50", with the date when not today), instead of a refusal after a tap.
 */
export function NotOpenYet({ label, opensAt, zone, describedBy }: { label: string; opensAt: Date; zone: string; describedBy: string }) {
  const t = useBookingsText();
  const noteId = useId();
  const opens = sessionTime(opensAt.toISOString(), 0, zone);
  const today = sessionTime(new Date().toISOString(), 0, zone).date === opens.date;
  return (
    <span className="live-not-open">
      <Button size="sm" disabled aria-describedby={`${noteId} ${describedBy}`}>
        {label}
      </Button>
      <span id={noteId} className="muted">
        {today ? t('live.opensAt', { time: opens.start }) : t('live.opensOn', { date: opens.date, time: opens.start })}
      </span>
    </span>
  );
}

/** Join session: a link to the lesson's page once its class is open, disabled with the opening time before. */
export function JoinSession({ booking, zone, describedBy }: { booking: Pick<Booking, 'id' | 'scheduledAt'>; zone: string; describedBy: string }) {
  const t = useBookingsText();
  const opensAt = useLiveOpensLater(booking);
  if (opensAt) return <NotOpenYet label={t('action.join')} opensAt={opensAt} zone={zone} describedBy={describedBy} />;
  return (
    <Link to={paths.liveSession(booking.id)} className={buttonClass('primary', 'sm')} aria-describedby={describedBy}>
      {t('action.join')}
    </Link>
  );
}
