/**
 * Tutor dashboard figures, from real bookings, and earnings from the ledger: the
 * tutor's share after the platform fee, never the gross the students paid.
 */
import { tutorShareByMonth } from '../ledger/service.js';
import { isUpcoming } from './catalog.js';
import type { TutorStats } from './contract.js';
import { listTutorBookings } from './repository.js';
import { effectiveBooking } from './rules.js';

/** The last `count` months as yyyy-mm, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export async function tutorStats(tutorId: string, now = new Date()): Promise<TutorStats> {
  const months = lastMonths(now, 6);
  const [bookings, { totalMinor, byMonth }] = await Promise.all([listTutorBookings(tutorId), tutorShareByMonth(tutorId, months[0]!)]);
  // Sessions are paid lessons; unpaid holds and cancelled or expired bookings are not.
  const live = bookings.map((b) => effectiveBooking(b, now))
    .filter((b) => b.paymentStatus === 'paid' && b.status !== 'cancelled');
  const completed = live.filter((b) => b.status === 'completed').length;
  // Success is judged on lessons whose time has come, not on ones still ahead.
  const past = live.filter((b) => !isUpcoming(b, now)).length;
  return {
    totalEarnings: totalMinor / 100,
    // "This month" from the 1st; months are UTC, as stored.
    monthlyEarnings: (byMonth.get(now.toISOString().slice(0, 7)) ?? 0) / 100,
    // One definition across the cards: a lesson counts as taught once completed, so "Lessons
    // taught 1" never sits beside "No lessons yet" (a paid lesson still ahead is "Upcoming").
    totalSessions: completed,
    pastSessions: past,
    upcomingSessions: live.filter((b) => isUpcoming(b, now)).length,
    completionRate: past ? Math.round((completed / past) * 100) : 0,
    earningsByMonth: months.map((month) => ({ month, amount: (byMonth.get(month) ?? 0) / 100 })),
  };
}
