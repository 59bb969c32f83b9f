/**
 * Ending a weekly plan (the family that pays for it ends it): what happens to each of its lessons
 * still to come. Pure; end-service.ts reads the lessons, records this with the plan's ending and
 * carries it out.
 *
 * - A paid lesson outside the free-cancellation window is cancelled as the family's own cancel
 *   would be, and its share of its instalment refunded (billing.ts unusedPaidLessons).
 * - A paid lesson inside the window is kept: it happens and the tutor is paid, as a cancel that
 *   late would leave it.
 * - An unpaid lesson a later instalment holds is released (its hours free again); nothing was paid.
 * Lessons under way, past, cancelled or whose hold ran out are left as they are.
 *
 * When the plan ends because its tutor stopped teaching (`tutor_stopped`), the family is not at
 * fault: every paid lesson not started is refunded in full, inside the window too, and none is kept
 * (docs/decisions/2026-11-30-tutor-stops-teaching.md).
 */
import type { Booking } from '../bookings/contract.js';
import { freeCancellationUntil } from '../bookings/cancellation.js';
import { unusedPaidLessons } from './billing.js';
import type { Plan, PlanEndCause, PlanEnding } from './contract.js';

type EndingInput = Pick<Booking, 'id' | 'scheduledAt' | 'status' | 'paymentStatus'>;

/** `lessons` as their readers see them now (effectiveBooking: a hold run out shows expired). */
export function planEnding(
  plan: Pick<Plan, 'pricePerLesson'>, lessons: readonly EndingInput[], now: Date, windowHours: number, cause?: PlanEndCause,
): PlanEnding {
  const shareMinor = Math.round(plan.pricePerLesson * 100);
  const paid = lessons
    .filter((l) => l.status === 'confirmed' && l.paymentStatus === 'paid')
    .map((l) => ({ bookingId: l.id, start: l.scheduledAt, amount: plan.pricePerLesson, state: 'upcoming' as const }));
  const unused = unusedPaidLessons(paid, now).lessons;
  const insideWindow = (start: string) => cause !== 'tutor_stopped' && now.getTime() > Date.parse(freeCancellationUntil(start, windowHours));
  const refunded = unused.filter((l) => !insideWindow(l.start)).map(({ bookingId, start }) => ({ bookingId, start }));
  const kept = unused.filter((l) => insideWindow(l.start)).map(({ bookingId, start }) => ({ bookingId, start }));
  const released = lessons
    .filter((l) => l.status === 'pending' && l.paymentStatus !== 'paid' && Date.parse(l.scheduledAt) > now.getTime())
    .map((l) => ({ bookingId: l.id, start: l.scheduledAt }));
  const bySoonest = (a: { start: string }, b: { start: string }) => a.start.localeCompare(b.start);
  // In minor units, as the refunds are asked (each lesson its whole share), then back to KES.
  return { refunded: refunded.sort(bySoonest), refundAmount: (refunded.length * shareMinor) / 100, kept: kept.sort(bySoonest), released: released.sort(bySoonest) };
}
