/**
 * A tutor and their weekly plans: the plans families set up with them, the weeks those plans have
 * secured, and declining a plan before its first payment (its lessons are released and the family
 * is told). A plan once paid is under way and is not declined here.
 */
import { getBookings, removeUnpaidBookings } from '../bookings/service.js';
import type { Booking } from '../bookings/contract.js';
import { publishEvent } from '../shared/events.js';
import { Conflict, Forbidden } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { getProfile } from '../profiles/service.js';
import type { Plan } from './contract.js';
import { planMessages } from './messages.js';
import { markPlanDeclined, tutorPlans } from './repository.js';
import { securedWeeks } from './secured-weeks.js';
import { requirePlan, withLessons } from './setup-service.js';

/** The newest plans a tutor's bookings page lists (older ones have ended long ago). */
const TUTOR_PLANS_SHOWN = 20;

export async function myTutorPlans(user: AuthUser, now = new Date()) {
  const [plans, profile] = await Promise.all([tutorPlans(user.id, TUTOR_PLANS_SHOWN), getProfile(user.id)]);
  const withTheirLessons = await withLessons(plans, now);
  const lessons: Booking[] = withTheirLessons.flatMap((p) => p.lessons);
  return { plans: withTheirLessons, securedWeeks: securedWeeks(lessons, profile?.timeZone ?? 'Africa/Nairobi', now) };
}

/**
 * The tutor declines a plan that awaits its first payment: the plan is marked declined first (so
 * a payment that goes through now fails to pay it and is refunded whole, payments/service.ts),
 * then each unpaid lesson and its hours are released; one that cannot be (its hold ran out and
 * the hour is someone else's) has nothing left to release. Declining again returns the plan.
 */
export async function declinePlan(user: AuthUser, planId: string, reason: string | undefined, now = new Date()): Promise<Plan> {
  const plan = await requirePlan(planId);
  if (plan.tutorId !== user.id) throw new Forbidden(planMessages.notTutor);
  if (plan.status !== 'declined') {
    const at = now.toISOString();
    if (!(await markPlanDeclined(plan.id, at, reason || undefined))) {
      const current = await requirePlan(planId);
      if (current.status !== 'declined') throw new Conflict('plan_started', planMessages.planStarted);
      return current;
    }
    await releaseLessons(plan);
    const first = plan.lessons.map((l) => l.start).sort()[0]!;
    await publishEvent('PlanDeclined', {
      planId: plan.id, payerId: plan.payerId, tutorId: plan.tutorId, subject: plan.subject, firstLessonAt: first,
      ...(reason ? { reason } : {}), occurredAt: at,
    });
    return { ...plan, status: 'declined', declinedAt: at, ...(reason ? { declineReason: reason } : {}) };
  }
  return plan;
}

async function releaseLessons(plan: Plan): Promise<void> {
  for (const booking of await getBookings(plan.lessons.map((l) => l.bookingId))) {
    if (booking.paymentStatus === 'paid') continue;
    try {
      await removeUnpaidBookings([{ booking, hours: booking.lockedHours }]);
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      logger.warn('A declined plan\'s lesson was not released (paid or its hour taken meanwhile)', { planId: plan.id, bookingId: booking.id });
    }
  }
}
