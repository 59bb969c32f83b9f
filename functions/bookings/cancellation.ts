/**
 * The cancellation policy (which booking statuses a cancel leads to). Pure, unit-tested;
 * cancel-service.ts reads the booking, applies the decision and writes it.
 *
 * - A student may release an unpaid hold at once (nothing was paid, nothing is refunded).
 * - A student may cancel a paid lesson until its start; up to `windowHours` (policy-window.ts) before the
 *   start the refund is full, later there is none (the tutor is paid for the reserved time).
 * - A tutor may cancel a paid lesson until its start; the student is always refunded in full, and
 *   a tutor cancel inside the window is "late" and counted against the tutor.
 */
import type { Booking } from './contract.js';

/** The window is the one reschedule uses too (policy-window.ts, env CANCELLATION_WINDOW_HOURS). */
import { windowOpensAt as freeCancellationUntil } from './policy-window.js';

export { cancellationWindowHours as freeCancellationHours } from './policy-window.js';
export { freeCancellationUntil };

export type Canceller = 'student' | 'tutor';

export type CancellationDecision =
  | { allowed: true; refundDue: boolean; lateByTutor: boolean; paid: boolean }
  | { allowed: false; code: 'already_cancelled' | 'not_cancellable' | 'lesson_started' | 'hold_only_student'; message: string };

export const cancellationMessages = {
  alreadyCancelled: 'This booking is already cancelled.',
  notCancellable: 'This booking can no longer be cancelled.',
  lessonStarted: 'This lesson has already started and can no longer be cancelled.',
  holdOnlyStudent: 'Only the student can release an unpaid booking.',
  cancelled: 'The booking has been cancelled.',
  refundOnItsWay: 'The booking has been cancelled. Your full refund is on its way.',
  noRefund: 'The booking has been cancelled. It was inside the free-cancellation window, so it is not refunded.',
} as const;

type Cancellable = Pick<Booking, 'status' | 'paymentStatus' | 'scheduledAt'>;

/** What cancelling this booking now, as `by`, comes to (the booking as effectiveBooking shows it). */
export function cancellationDecision(booking: Cancellable, by: Canceller, now: Date, windowHours: number): CancellationDecision {
  if (booking.status === 'cancelled') return { allowed: false, code: 'already_cancelled', message: cancellationMessages.alreadyCancelled };
  const paid = booking.paymentStatus === 'paid';
  if (!paid) {
    // An unpaid hold (pending) is released by its student; an expired one holds nothing any more.
    if (booking.status !== 'pending') return { allowed: false, code: 'not_cancellable', message: cancellationMessages.notCancellable };
    if (by !== 'student') return { allowed: false, code: 'hold_only_student', message: cancellationMessages.holdOnlyStudent };
    return { allowed: true, refundDue: false, lateByTutor: false, paid: false };
  }
  if (booking.status !== 'confirmed') return { allowed: false, code: 'not_cancellable', message: cancellationMessages.notCancellable };
  const start = Date.parse(booking.scheduledAt);
  if (now.getTime() >= start) return { allowed: false, code: 'lesson_started', message: cancellationMessages.lessonStarted };
  const insideWindow = now.getTime() > Date.parse(freeCancellationUntil(booking.scheduledAt, windowHours));
  if (by === 'tutor') return { allowed: true, refundDue: true, lateByTutor: insideWindow, paid: true };
  return { allowed: true, refundDue: !insideWindow, lateByTutor: false, paid: true };
}
