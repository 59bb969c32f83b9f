/**
 * The parent dashboard: a card per child (next lessons, lessons completed this month) and the
 * household's spending this month, from two reads: the household's learners, and the parent's
 * bookings (the parent pays for every child's lesson, so they are all in the payer's index) from
 * a few days before the month began, never their whole history.
 */
import { isUpcoming } from '../bookings/catalog.js';
import { payerBookingsFrom } from '../bookings/service.js';
import type { AuthUser } from '../shared/http.js';
import type { DashboardLesson, HouseholdSummary } from './contract.js';
import * as repository from './repository.js';
import { dashboardWindowStart, eatMonth, monthSpending, UPCOMING_ON_CARD } from './rules.js';
import { toLearner } from './service.js';

export async function householdSummary(user: AuthUser, now = new Date()): Promise<HouseholdSummary> {
  const month = eatMonth(now);
  const [learners, bookings] = await Promise.all([
    repository.householdLearners(user.id),
    payerBookingsFrom(user.id, dashboardWindowStart(month.from), now),
  ]);
  const inMonth = (at: string | undefined) => at !== undefined && at >= month.from.toISOString() && at < month.to.toISOString();
  const cards = learners.map((item) => {
    const theirs = bookings.filter((b) => b.learner?.id === item.learnerId);
    const ahead = theirs.filter((b) => isUpcoming(b, now));
    return {
      learner: toLearner(item),
      upcoming: ahead.slice(0, UPCOMING_ON_CARD).map((b): DashboardLesson => ({
        bookingId: b.id, subject: b.subject, scheduledAt: b.scheduledAt, durationMinutes: b.durationMinutes,
        tutorName: `${b.tutor.firstName} ${b.tutor.lastName}`.trim(),
      })),
      upcomingCount: ahead.length,
      completedThisMonth: theirs.filter((b) => b.status === 'completed' && inMonth(b.completedAt)).length,
    };
  });
  return { month: month.month, learners: cards, spending: { ...monthSpending(bookings, month), currency: 'KES' } };
}
