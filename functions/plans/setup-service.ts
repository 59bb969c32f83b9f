/**
 * Setting a weekly plan up: the server quotes again (client dates and amounts are never taken),
 * books exactly the lessons it finds free, each as a normal pending booking holding its hours as a
 * single booking does, and splits them into instalments. Nothing is charged here: the first
 * instalment is paid next, and until then (and at most GRACE_HOURS) the lessons are held; an
 * unpaid plan's bookings expire as any unpaid booking does.
 */
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../shared/http.js';
import { DomainError, Forbidden, NotFound, BusinessRuleViolated } from '../shared/errors.js';
import { getBookings, planBookingDrafts } from '../bookings/service.js';
import { effectiveBooking } from '../bookings/rules.js';
import type { Booking } from '../bookings/contract.js';
import { graceEndsAt, monthlyInstalments, termInstalment } from './billing.js';
import { CreatePlanRequest, type Plan } from './contract.js';
import { MAX_TERM_LESSONS } from './instalment-payment.js';
import { planMessages } from './messages.js';
import { createPlanWithBookings, getPlan, LessonTaken, payerPlans, planIdForRequest, RequestTaken } from './repository.js';
import { quotePlan } from './service.js';

/** 409 plan_changed with the dates that are not as the family saw them. */
const planChanged = (starts: readonly string[]) =>
  new DomainError(409, 'plan_changed', planMessages.planChanged, { clashes: [...starts].sort() });

export async function createPlan(user: AuthUser, input: CreatePlanRequest, now = new Date()): Promise<Plan> {
  const request = CreatePlanRequest.parse(input);
  const existing = await planIdForRequest(user.id, request.idempotencyKey);
  if (existing) return requirePlan(existing);

  const quote = await quotePlan(request, now);
  const free = quote.lessons.filter((l) => l.status === 'free');
  if (!free.length) throw new BusinessRuleViolated('no_free_lessons', planMessages.noFreeLessons);
  // A term paid up front is confirmed in one transaction with every lesson (≤ 3 items each).
  if (request.payment === 'term' && free.length > MAX_TERM_LESSONS) throw new BusinessRuleViolated('term_too_long', planMessages.termTooLong);
  // What the family agreed to is the quote they saw: any lesson that is no longer free, or is free
  // now but was not offered then, means a new quote first.
  const seen = new Set(request.lessonStarts.map((s) => new Date(s).toISOString()));
  const freeNow = new Set(free.map((l) => l.start));
  const changed = [...[...seen].filter((s) => !freeNow.has(s)), ...[...freeNow].filter((s) => !seen.has(s))];
  if (changed.length) throw planChanged(changed);

  const id = randomUUID();
  const holdExpiresAt = graceEndsAt(now);
  const drafts = await planBookingDrafts(
    user, { tutorId: request.tutorId, subject: request.subject, learnerId: request.learnerId },
    free.map((l) => ({ start: l.start, durationMinutes: request.durationMinutes })), { id, holdExpiresAt }, now,
  );
  const bookingAt = new Map(drafts.map((d) => [d.booking.scheduledAt, d.booking.id]));
  const instalments = (request.payment === 'term' ? termInstalment : monthlyInstalments)(free, quote.pricePerLesson, now);
  const plan: Plan = {
    id, payerId: user.id, tutorId: quote.tutorId, subject: request.subject,
    ...(drafts[0]?.booking.learner ? { learnerId: drafts[0].booking.learner.id } : {}),
    dayOfWeek: request.dayOfWeek, startTime: request.startTime, durationMinutes: request.durationMinutes, timeZone: quote.timeZone,
    payment: request.payment, pricePerLesson: quote.pricePerLesson, status: 'awaiting_payment', holdExpiresAt,
    lessons: drafts.map((d) => ({ bookingId: d.booking.id, start: d.booking.scheduledAt })),
    instalments: instalments.map((i) => ({
      number: i.number, chargeAt: i.chargeAt, amount: i.amount, status: 'pending' as const,
      bookingIds: i.lessons.map((l) => bookingAt.get(l.start)!),
    })),
    createdAt: now.toISOString(),
  };
  try {
    await createPlanWithBookings(plan, request.idempotencyKey, drafts, now);
  } catch (error) {
    if (error instanceof RequestTaken) {
      // The same key's other request won; it may have been taken back meanwhile (it lost an hour).
      const winner = await planIdForRequest(user.id, request.idempotencyKey);
      if (winner) return requirePlan(winner);
      throw planChanged([]);
    }
    if (error instanceof LessonTaken) throw planChanged(error.starts);
    throw error;
  }
  return plan;
}

export async function requirePlan(id: string): Promise<Plan> {
  const plan = await getPlan(id);
  if (!plan) throw new NotFound(planMessages.notFound);
  return plan;
}

/** A plan with its lessons as they stand now, for its payer or its tutor only. */
export async function planForParticipant(user: AuthUser, planId: string, now = new Date()): Promise<{ plan: Plan; lessons: Booking[] }> {
  const plan = await requirePlan(planId);
  if (plan.payerId !== user.id && plan.tutorId !== user.id) throw new Forbidden(planMessages.notFound);
  return (await withLessons([plan], now))[0]!;
}

/** The caller's family's plans (they pay for them), newest first, with their lessons. */
export async function myPlans(user: AuthUser, now = new Date()): Promise<Array<{ plan: Plan; lessons: Booking[] }>> {
  return withLessons(await payerPlans(user.id), now);
}

/** Plans with their lessons' bookings (one BatchGet per 100 lessons), each plan's soonest first. */
export async function withLessons(plans: readonly Plan[], now: Date): Promise<Array<{ plan: Plan; lessons: Booking[] }>> {
  const stored = await getBookings(plans.flatMap((p) => p.lessons.map((l) => l.bookingId)));
  const byPlan = new Map<string, Booking[]>();
  for (const { lockedHours: _hours, ...b } of stored) {
    if (b.planId) byPlan.set(b.planId, [...(byPlan.get(b.planId) ?? []), effectiveBooking(b, now)]);
  }
  return plans.map((plan) => ({ plan, lessons: (byPlan.get(plan.id) ?? []).sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt)) }));
}
