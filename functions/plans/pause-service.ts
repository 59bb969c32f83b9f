/**
 * The family that pays for a weekly plan pauses some of its weeks (product spec: weekly lessons).
 * The pause is decided on the plan and its lessons as read (pausing.ts) and recorded on the plan,
 * with the unpaid instalments it leaves (its released lessons taken out of them; one left with
 * none is skipped), in one conditional write. Then it is carried out lesson by lesson as ending
 * carries out an ending (end-service.ts): each paid lesson outside the window cancelled as the
 * family's own cancel at the moment of the pause would be, its share refunded through the
 * payment's refund lane; each unpaid hold released. Pausing the same weeks again (or after a crash
 * halfway) carries out what is left of the recorded pause: a lesson cancelled already is not
 * cancelled again and a share is refunded once. PlanPaused tells the family and the tutor once;
 * the lessons' own cancellation e-mails are not sent.
 */
import { cancelPlanLesson } from '../bookings/cancel-service.js';
import { freeCancellationHours } from '../bookings/cancellation.js';
import { publishEvent } from '../shared/events.js';
import { BusinessRuleViolated, Conflict, Forbidden, type DomainError } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import type { Plan, PlanPause, PlanPauseQuote } from './contract.js';
import { planMessages } from './messages.js';
import { instalmentsAfterPause, mondayOf, planPause, type PauseRefusal } from './pausing.js';
import { markPlanPaused } from './repository.js';
import { requirePlan, withLessons } from './setup-service.js';

/** Each refusal's answer: a state another action made (409), or weeks it cannot do anything in (422). */
const REFUSALS: Record<PauseRefusal, () => DomainError> = {
  plan_declined: () => new Conflict('plan_declined', planMessages.pauseDeclined),
  plan_ended: () => new Conflict('plan_ended', planMessages.pauseEnded),
  plan_not_paid: () => new BusinessRuleViolated('plan_not_paid', planMessages.pauseNotPaid),
  weeks_outside_plan: () => new BusinessRuleViolated('weeks_outside_plan', planMessages.weeksOutsidePlan),
  nothing_to_pause: () => new BusinessRuleViolated('nothing_to_pause', planMessages.nothingToPause),
};

/** The plan of its payer: a child's plan is its parent's to pause, as it is theirs to pay (households/payer.ts). */
async function payersPlan(user: AuthUser, planId: string): Promise<Plan> {
  const plan = await requirePlan(planId);
  if (plan.payerId !== user.id) throw new Forbidden(planMessages.notPayerPause);
  return plan;
}

async function pauseNow(plan: Plan, from: string, weeks: number, now: Date): Promise<PlanPauseQuote> {
  const { lessons } = (await withLessons([plan], now))[0]!;
  const decided = planPause(plan, lessons, from, weeks, now, freeCancellationHours());
  if ('refusal' in decided) throw REFUSALS[decided.refusal]();
  return decided.pause;
}

/** What pausing those weeks now would do (the confirmation shows it). */
export async function quotePlanPause(user: AuthUser, planId: string, from: string, weeks: number, now = new Date()): Promise<PlanPauseQuote> {
  return pauseNow(await payersPlan(user, planId), from, weeks, now);
}

export async function pausePlan(user: AuthUser, planId: string, input: { from: string; weeks: number; reason?: string | undefined }, now = new Date()): Promise<Plan> {
  let plan = await payersPlan(user, planId);
  // The same weeks paused already but not all carried out (a crash, or a retry racing it): finish that one.
  const recorded = plan.pauses?.find((p) => p.from === mondayOf(input.from) && p.weeks === input.weeks);
  if (recorded && await carryOut(plan, recorded, now) > 0) return plan;
  // A few passes at most: each failed write means a payment, a pause or an ending came meanwhile.
  for (let pass = 0; pass < 3; pass++) {
    const decided = await pauseNow(plan, input.from, input.weeks, now);
    const pause: PlanPause = { ...decided, at: now.toISOString(), ...(input.reason ? { reason: input.reason } : {}) };
    const instalments = instalmentsAfterPause(plan, pause.released.map((l) => l.bookingId));
    if (await markPlanPaused(plan, pause, instalments)) {
      plan = { ...plan, instalments, pauses: [...(plan.pauses ?? []), pause] };
      await carryOut(plan, pause, now);
      return plan;
    }
    plan = await payersPlan(user, planId);
  }
  throw new Conflict('plan_changed', planMessages.pauseChanged);
}

/** Cancels what the pause decided that is not cancelled yet, then announces it (again: told once); how many it cancelled. */
async function carryOut(plan: Plan, pause: PlanPause, now: Date): Promise<number> {
  let cancelled = 0;
  for (const lesson of [...pause.refunded, ...pause.released]) {
    if (await cancelPlanLesson(plan.payerId, lesson.bookingId, pause.reason, new Date(pause.at), now, 'paused')) cancelled++;
  }
  await publishEvent('PlanPaused', {
    planId: plan.id, payerId: plan.payerId, tutorId: plan.tutorId, subject: plan.subject, from: pause.from, weeks: pause.weeks, pausedAt: pause.at,
    refunded: pause.refunded.map((l) => l.start), refundMinor: Math.round(pause.refundAmount * 100),
    kept: pause.kept.map((l) => l.start), released: pause.released.map((l) => l.start),
    ...(pause.reason ? { reason: pause.reason } : {}), occurredAt: pause.at,
  });
  return cancelled;
}
