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
 *
 * A tutor who stops teaching (a super admin suspends them) ends each of their plans the same way,
 * with the cause `tutor_stopped`: every paid lesson to come is refunded in full, inside the window
 * too (docs/decisions/2026-11-30-tutor-stops-teaching.md).
 */
import { cancelPlanLesson } from '../bookings/cancel-service.js';
import { getBooking } from '../bookings/service.js';
import { freeCancellationHours } from '../bookings/cancellation.js';
import { publishEvent } from '../shared/events.js';
import { Conflict, Forbidden } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import type { Plan, PlanEndCause, PlanEnding } from './contract.js';
import { planEnding } from './ending.js';
import { planMessages } from './messages.js';
import { allTutorPlans, getPlan, markPlanEnded } from './repository.js';
import { requirePlan, withLessons } from './setup-service.js';

/** The plan of its payer, and one that can be ended (or was). */
async function payersPlan(user: AuthUser, planId: string): Promise<Plan> {
  const plan = await requirePlan(planId);
  // A child's plan is its parent's to end, as it is theirs to pay (households/payer.ts).
  if (plan.payerId !== user.id) throw new Forbidden(planMessages.notPayerEnd);
  if (plan.status === 'declined') throw new Conflict('plan_declined', planMessages.endDeclined);
  return plan;
}

async function endingNow(plan: Plan, now: Date, cause?: PlanEndCause): Promise<PlanEnding> {
  const { lessons } = (await withLessons([plan], now))[0]!;
  return planEnding(plan, lessons, now, freeCancellationHours(), cause);
}

/** What ending the plan now would do (the confirmation shows it); for an ended plan, what its ending did. */
export async function quotePlanEnding(user: AuthUser, planId: string, now = new Date()): Promise<{ ending: PlanEnding; endedAt?: string }> {
  const plan = await payersPlan(user, planId);
  if (plan.status === 'ended' && plan.ending) return { ending: plan.ending, ...(plan.endedAt ? { endedAt: plan.endedAt } : {}) };
  return { ending: await endingNow(plan, now) };
}

export async function endPlan(user: AuthUser, planId: string, reason: string | undefined, now = new Date()): Promise<Plan> {
  return endAndCarryOut(await payersPlan(user, planId), () => payersPlan(user, planId), reason, undefined, now);
}

/**
 * The tutor stopped teaching: each of their plans not ended yet ends with the cause tutor_stopped,
 * and each one that ended so already is carried out again (a retry finishes what a failed run
 * left, refunding nothing twice). Plans the family ended, or the tutor declined, are left as they are.
 */
export async function endStoppedTutorPlans(tutorId: string, now = new Date()): Promise<Plan[]> {
  const plans = (await allTutorPlans(tutorId)).filter((p) => p.status === 'active' || p.status === 'awaiting_payment' || (p.status === 'ended' && p.endCause === 'tutor_stopped'));
  const ended: Plan[] = [];
  for (const plan of plans) {
    try {
      ended.push(await endAndCarryOut(plan, () => requirePlan(plan.id), undefined, 'tutor_stopped', now));
    } catch (error) {
      // The tutor declined it meanwhile (before its first payment): nothing of it is left to end.
      if (!(error instanceof Conflict && (await requirePlan(plan.id)).status === 'declined')) throw error;
    }
  }
  return ended;
}

/** The lessons' cancellation reason (and their refunds') when the tutor stopped teaching. */
const TUTOR_STOPPED_REASON = 'The tutor stopped teaching';

async function endAndCarryOut(read: Plan, reread: () => Promise<Plan>, reason: string | undefined, cause: PlanEndCause | undefined, now: Date): Promise<Plan> {
  let plan = read;
  // A few passes at most: each failed write means a payment (or the tutor's decline) came meanwhile.
  for (let pass = 0; plan.status !== 'ended' && plan.status !== 'declined' && pass < 3; pass++) {
    const ending = await endingNow(plan, now, cause);
    const at = now.toISOString();
    if (await markPlanEnded(plan, at, reason || undefined, ending, cause)) {
      plan = { ...plan, status: 'ended', endedAt: at, ending, ...(reason ? { endReason: reason } : {}), ...(cause ? { endCause: cause } : {}) };
      break;
    }
    plan = await reread();
  }
  if (plan.status !== 'ended' || !plan.ending || !plan.endedAt) throw new Conflict('plan_changed', planMessages.endChanged);
  await carryOut(plan, plan.ending, new Date(plan.endedAt), now);
  return plan;
}

async function carryOut(plan: Plan, ending: PlanEnding, endedAt: Date, now: Date): Promise<void> {
  const tutorStopped = plan.endCause === 'tutor_stopped';
  for (const lesson of [...ending.refunded, ...ending.released]) {
    await cancelPlanLesson(plan.payerId, lesson.bookingId, tutorStopped ? TUTOR_STOPPED_REASON : plan.endReason, endedAt, now, 'ended', tutorStopped);
  }
  await publishEvent('PlanEnded', {
    planId: plan.id, payerId: plan.payerId, tutorId: plan.tutorId, subject: plan.subject,
    refunded: ending.refunded.map((l) => l.start), refundMinor: Math.round(ending.refundAmount * 100),
    kept: ending.kept.map((l) => l.start), released: ending.released.map((l) => l.start),
    ...(plan.endReason ? { reason: plan.endReason } : {}), ...(plan.endCause ? { cause: plan.endCause } : {}), occurredAt: plan.endedAt!,
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
