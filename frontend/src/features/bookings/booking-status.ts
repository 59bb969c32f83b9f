/**
 * How bookings are shown and what can be done with them (my-bookings and dashboards,
 * booking and payment status, list caps). Pure and zod-free (types only from the
 * contract), so the list pages stay light and the rules are unit-tested.
 */
import type { Booking } from '@functions/bookings/contract';
import { isUpcoming } from '@functions/bookings/catalog';
import { liveOpensAt } from '@functions/live/catalog';
import type { MyBookingsText } from './mine-text';
import type { BookingsText } from './text';

export type BadgeTone = 'primary' | 'success' | 'neutral' | 'danger' | 'muted' | 'pending';

export interface Badge {
  label: string;
  tone: BadgeTone;
}

/** Confirmed is the primary badge; completed, cancelled (and expired holds); anything else pending. */
export function bookingStatusBadge(status: string, t: BookingsText): Badge {
  switch (status) {
    case 'confirmed':
      return { label: t('status.booking.confirmed'), tone: 'primary' };
    case 'completed':
      return { label: t('status.booking.completed'), tone: 'success' };
    case 'cancelled':
      return { label: t('status.booking.cancelled'), tone: 'danger' };
    case 'expired':
      return { label: t('status.booking.expired'), tone: 'muted' };
    default:
      return { label: t('status.booking.pending'), tone: 'pending' };
  }
}

/** Paid, failed, refunded; anything else pending. */
export function paymentStatusBadge(paymentStatus: string, t: BookingsText): Badge {
  switch (paymentStatus) {
    case 'paid':
      return { label: t('status.payment.paid'), tone: 'success' };
    case 'failed':
      return { label: t('status.payment.failed'), tone: 'danger' };
    case 'refunded':
      return { label: t('status.payment.refunded'), tone: 'neutral' };
    default:
      return { label: t('status.payment.pending'), tone: 'pending' };
  }
}

type UpcomingFields = Pick<Booking, 'status' | 'paymentStatus' | 'scheduledAt'>;

/** "Upcoming": confirmed or paid, and in the future: the API's own rule. */
export const isUpcomingBooking = (b: UpcomingFields, now: Date = new Date()): boolean => isUpcoming(b, now);

/** Upcoming classes on the student dashboard, at most 5, soonest first. */
export const UPCOMING_CLASSES_MAX = 5;
/** The tutor's bookings list shows the 10 most recent. */
export const TUTOR_RECENT_BOOKINGS_MAX = 10;

export function upcomingClasses<T extends UpcomingFields>(bookings: readonly T[], now: Date = new Date(), max = UPCOMING_CLASSES_MAX): T[] {
  return bookings
    .filter((b) => isUpcomingBooking(b, now))
    .sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt))
    .slice(0, max);
}

/** The most recently made bookings first (by createdAt, then by lesson time). */
export function recentBookings<T extends Pick<Booking, 'createdAt' | 'scheduledAt'>>(
  bookings: readonly T[],
  max = TUTOR_RECENT_BOOKINGS_MAX,
): T[] {
  const time = (iso: string) => Date.parse(iso) || 0;
  return [...bookings]
    .sort((a, b) => time(b.createdAt) - time(a.createdAt) || time(b.scheduledAt) - time(a.scheduledAt))
    .slice(0, max);
}

type Viewed = Pick<Booking, 'studentId' | 'tutor' | 'student'>;

/**
 * The person on the other side: the student (or paying parent) for the tutor, the tutor for
 * everyone else on the family's side: the payer, and a child's own login seeing a lesson their
 * parent booked for them.
 */
export function otherParty(booking: Viewed, viewerId: string | undefined): { role: 'tutor' | 'student'; name: string } {
  const viewerIsStudent = viewerId === undefined || booking.tutor.id !== viewerId;
  const person = viewerIsStudent ? booking.tutor : booking.student;
  return { role: viewerIsStudent ? 'tutor' : 'student', name: `${person.firstName} ${person.lastName}`.trim() };
}

type Actionable = Pick<Booking, 'studentId' | 'status' | 'paymentStatus' | 'paymentReference' | 'holdExpiresAt'>;

/** "Verify Payment": payment pending and a provider reference exists. */
export const canVerifyPayment = (b: Pick<Booking, 'paymentStatus' | 'paymentReference'>): boolean =>
  b.paymentStatus === 'pending' && Boolean(b.paymentReference);

/** "Pay now": the viewer's own unpaid booking whose hold on the time is still running. */
export function canPayNow(b: Actionable, viewerId: string | undefined, now: Date = new Date()): boolean {
  return (
    viewerId !== undefined &&
    b.studentId === viewerId &&
    b.status === 'pending' &&
    (b.paymentStatus === 'pending' || b.paymentStatus === 'failed') &&
    Boolean(b.holdExpiresAt) &&
    Date.parse(b.holdExpiresAt ?? '') > now.getTime()
  );
}

/**
 * "Join session" / "Start Class": only once paid (the live session's access rule), and only
 * while the lesson is still to happen: a completed or cancelled one shows its badge instead.
 */
export const canJoin = (b: Pick<Booking, 'paymentStatus' | 'status'>): boolean =>
  b.paymentStatus === 'paid' && b.status !== 'completed' && b.status !== 'cancelled';

/**
 * When Start Class / Join session will open, while the class is not open yet (it opens 15 minutes
 * before the start, the live session's rule); null once it is open.
 */
export function liveOpensLater(b: Pick<Booking, 'scheduledAt'>, now: Date = new Date()): Date | null {
  const opensAt = liveOpensAt(b.scheduledAt);
  return now.getTime() < opensAt.getTime() ? opensAt : null;
}

/** Success Rate card: a percent only once some lesson's time has come; 0% would be a verdict without data. */
export function successRate(stats: { pastSessions: number; completionRate: number }, t: BookingsText): string {
  return stats.pastSessions > 0 ? t('tutor.percent', { percent: stats.completionRate }) : t('tutor.noLessonsYet');
}

// ---- Cancellation, refunds and no-shows (the rules are functions/bookings/cancellation.ts) ----

type Cancellable = Pick<Booking, 'studentId' | 'tutorId' | 'status' | 'paymentStatus' | 'scheduledAt' | 'freeCancellationUntil'>;

/** "Cancel": a party's paid lesson before its start, or the student's own unpaid hold. */
export function canCancel(b: Cancellable, viewerId: string | undefined, now: Date = new Date()): boolean {
  if (viewerId === undefined || (b.studentId !== viewerId && b.tutorId !== viewerId)) return false;
  if (b.paymentStatus !== 'paid') return b.status === 'pending' && b.studentId === viewerId;
  return b.status === 'confirmed' && Date.parse(b.scheduledAt) > now.getTime();
}

/** What cancelling now means for the money, said before the viewer confirms. */
export function cancelOutcome(
  b: Cancellable, viewerId: string | undefined, t: MyBookingsText, now: Date = new Date(),
): { refund: boolean; text: string } {
  if (b.paymentStatus !== 'paid') return { refund: false, text: t('outcome.unpaid') };
  if (b.tutorId === viewerId) {
    const late = b.freeCancellationUntil !== undefined && Date.parse(b.freeCancellationUntil) < now.getTime();
    return { refund: true, text: t(late ? 'outcome.tutorLate' : 'outcome.tutor') };
  }
  const free = b.freeCancellationUntil === undefined || Date.parse(b.freeCancellationUntil) >= now.getTime();
  return free ? { refund: true, text: t('outcome.free') } : { refund: false, text: t('outcome.late') };
}

/** The refund's state as a badge, when there is one (processed shows as the "Refunded" payment badge). */
export function refundBadge(b: Pick<Booking, 'refund' | 'paymentStatus'>, t: BookingsText): Badge | undefined {
  if (!b.refund || b.paymentStatus === 'refunded') return undefined;
  if (b.refund.status === 'failed') return { label: t('status.refund.failed'), tone: 'danger' };
  if (b.refund.status === 'pending') return { label: t('status.refund.pending'), tone: 'pending' };
  return undefined;
}

/** Who missed the lesson, said plainly. */
export function noShowBadge(b: Pick<Booking, 'noShow'>, t: BookingsText): Badge | undefined {
  if (b.noShow === 'student') return { label: t('status.noShow.student'), tone: 'muted' };
  if (b.noShow === 'tutor') return { label: t('status.noShow.tutor'), tone: 'danger' };
  return undefined;
}

/** One line under a cancelled booking: who cancelled and whether the money goes back. */
export function cancellationSummary(
  b: Pick<Booking, 'cancellation' | 'noShow' | 'paymentStatus'>, viewerId: string | undefined, studentId: string, t: MyBookingsText,
): string | undefined {
  const c = b.cancellation;
  if (!c) return undefined;
  const who = b.noShow === 'tutor' ? t('summary.tutorNoShow')
    : c.by === 'system' ? t('summary.cancelled')
      : (c.by === 'student') === (viewerId === studentId) ? t('summary.byYou')
        : t(c.by === 'student' ? 'summary.byStudent' : 'summary.byTutor');
  const money = b.paymentStatus === 'refunded' ? t('summary.refunded')
    : c.refundDue && b.paymentStatus === 'paid' ? t('summary.refundDue')
      : b.paymentStatus === 'paid' ? t('summary.notRefunded') : '';
  const reason = c.reason && !b.noShow ? t('summary.reason', { reason: c.reason }) : '';
  return [who, money, reason].filter(Boolean).join(' ');
}

// ---- My Bookings sections ----

export const BOOKING_SECTIONS = ['upcoming', 'past', 'closed'] as const;
export type BookingSection = (typeof BOOKING_SECTIONS)[number];

type Sectioned = Pick<Booking, 'status' | 'scheduledAt' | 'durationMinutes'>;

/**
 * Where a booking sits on My Bookings: cancelled and expired holds apart ("closed"); a lesson
 * still to come or under way (paid, or a hold still waiting for payment) is upcoming until its
 * end; the rest (completed, or whose time has gone by) is past.
 */
export function bookingSection(b: Sectioned, now: Date = new Date()): BookingSection {
  if (b.status === 'cancelled' || b.status === 'expired') return 'closed';
  if (b.status === 'completed') return 'past';
  const end = Date.parse(b.scheduledAt) + b.durationMinutes * 60_000;
  return end > now.getTime() ? 'upcoming' : 'past';
}

/** My Bookings in its sections: upcoming soonest first, past and closed the latest first. */
export function bookingSections<T extends Sectioned>(bookings: readonly T[], now: Date = new Date()): Record<BookingSection, T[]> {
  const sections: Record<BookingSection, T[]> = { upcoming: [], past: [], closed: [] };
  for (const b of bookings) sections[bookingSection(b, now)].push(b);
  const time = (b: T) => Date.parse(b.scheduledAt) || 0;
  sections.upcoming.sort((a, b) => time(a) - time(b));
  sections.past.sort((a, b) => time(b) - time(a));
  sections.closed.sort((a, b) => time(b) - time(a));
  return sections;
}

/** "Book again": the student's hold that expired unpaid leads back to the same tutor's booking page. */
export const canBookAgain = (b: Pick<Booking, 'status' | 'studentId'>, viewerId: string | undefined): boolean =>
  viewerId !== undefined && b.studentId === viewerId && b.status === 'expired';

/**
 * A weekly plan's lessons wait, unpaid, under their plan (My Bookings' weekly lessons, where its
 * instalment is paid): a lesson of its own "Pay now" would charge it alone. Once paid, or no longer
 * held, they are listed as any lesson is.
 */
export const listedSingly = (b: Pick<Booking, 'planId' | 'status'>): boolean => !(b.planId && b.status === 'pending');

/** The learner filter of My Bookings: every booking, or one child's ('all' or a learner id; an unknown id shows none). */
export function bookingsFor<B extends Pick<Booking, 'learner'>>(bookings: readonly B[], learner: string): B[] {
  return learner === 'all' ? [...bookings] : bookings.filter((b) => b.learner?.id === learner);
}
