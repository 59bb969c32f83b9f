/**
 * The family that pays for a weekly plan ends it (product spec: weekly lessons). The ending is
 * decided on the plan and its lessons as read (ending.ts) and recorded with the plan becoming
 * ended, in one conditional write: from then on no instalment of it can be paid (a payment that
 * lands later goes back whole, payments/service.ts). Then it is carried out, lesson by lesson, as
 * the family's own cancel at the moment it ended would: the paid lessons outside the window are
 * cancelled and their shares refunded through the payment's refund lane, the unpaid holds
 * released. Ending again (or after a crash halfway) carries out what is left of the same
 * decision: a lesson cancelled already is not cancelled again and a share is refunded once.
 * PlanEnded tells the family and the tutor once; the lessons' own cancellation e-mails are not sent.
 */
import { cancelPlanLesson } from '../bookings/cancel-service.js';
import { getBooking } from '../bookings/service.js';
import { freeCancellationHours } from '../bookings/cancellation.js';
import { publishEvent } from '../shared/events.js';
import { Conflict, Forbidden } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import type { Plan, PlanEnding } from './contract.js';
import { planEnding } from './ending.js';
import { planMessages } from './messages.js';
import { getPlan, markPlanEnded } from './repository.js';
import { requirePlan, withLessons } from './setup-service.js';

/** The plan of its payer, and one that can be ended (or was). */
async function payersPlan(user: AuthUser, planId: string): Promise<Plan> {
  const plan = await requirePlan(planId);
  // A child's plan is its parent's to end, as it is theirs to pay (households/payer.ts).
  if (plan.payerId !== user.id) throw new Forbidden(planMessages.notPayerEnd);
  if (plan.status === 'declined') throw new Conflict('plan_declined', planMessages.endDeclined);
  return plan;
}

async function endingNow(plan: Plan, now: Date): Promise<PlanEnding> {
  const { lessons } = (await withLessons([plan], now))[0]!;
  return planEnding(plan, lessons, now, freeCancellationHours());
}

/** What ending the plan now would do (the confirmation shows it); for an ended plan, what its ending did. */
export async function quotePlanEnding(user: AuthUser, planId: string, now = new Date()): Promise<{ ending: PlanEnding; endedAt?: string }> {
  const plan = await payersPlan(user, planId);
  if (plan.status === 'ended' && plan.ending) return { ending: plan.ending, ...(plan.endedAt ? { endedAt: plan.endedAt } : {}) };
  return { ending: await endingNow(plan, now) };
}

export async function endPlan(user: AuthUser, planId: string, reason: string | undefined, now = new Date()): Promise<Plan> {
  let plan = await payersPlan(user, planId);
  // A few passes at most: each failed write means a payment (or the tutor's decline) came meanwhile.
  for (let pass = 0; plan.status !== 'ended' && pass < 3; pass++) {
    const ending = await endingNow(plan, now);
    const at = now.toISOString();
    if (await markPlanEnded(plan, at, reason || undefined, ending)) {
      plan = { ...plan, status: 'ended', endedAt: at, ending, ...(reason ? { endReason: reason } : {}) };
      break;
    }
    plan = await payersPlan(user, planId);
  }
  if (plan.status !== 'ended' || !plan.ending || !plan.endedAt) throw new Conflict('plan_changed', planMessages.endChanged);
  await carryOut(plan, plan.ending, new Date(plan.endedAt), now);
  return plan;
}

async function carryOut(plan: Plan, ending: PlanEnding, endedAt: Date, now: Date): Promise<void> {
  for (const lesson of [...ending.refunded, ...ending.released]) {
    await cancelPlanLesson(plan.payerId, lesson.bookingId, plan.endReason, endedAt, now);
  }
  await publishEvent('PlanEnded', {
    planId: plan.id, payerId: plan.payerId, tutorId: plan.tutorId, subject: plan.subject,
    refunded: ending.refunded.map((l) => l.start), refundMinor: Math.round(ending.refundAmount * 100),
    kept: ending.kept.map((l) => l.start), released: ending.released.map((l) => l.start),
    ...(plan.endReason ? { reason: plan.endReason } : {}), occurredAt: plan.endedAt!,
  });
}

/**
 * Whether a lesson's refund is one its plan's ending, a pause of its week or a slot change that
 * dropped its week made: the family's PlanEnded, PlanPaused or PlanSlotChanged e-mail told them of it with the others, so no e-mail of its own follows
 * when it is processed.
 */
export async function refundedByPlanChange(bookingId: string): Promise<boolean> {
  const booking = await getBooking(bookingId);
  if (!booking?.planId) return false;
  const plan = await getPlan(booking.planId);
  const refunded = [...(plan?.ending?.refunded ?? []), ...(plan?.pauses ?? []).flatMap((p) => p.refunded), ...(plan?.slotChanges ?? []).flatMap((c) => c.refunded)];
  return refunded.some((l) => l.bookingId === bookingId);
}
