/**
 * Paying a plan's instalment: which instalment may be paid now, for how much, under which
 * reference, and how long the later instalments' lessons stay held once the plan is active.
 * Pure; the payment itself (provider call, the one confirming transaction) is not wired yet.
 *
 * Amounts are computed in minor units from the price per lesson, never from KES floats summed
 * (a 90-minute lesson at KSh 1,001 an hour is KSh 1,501.50: three of them must be 450,450 cents).
 */
import { graceEndsAt } from './billing.js';
import type { Plan } from './contract.js';

/**
 * The most lessons one instalment may hold: its payment is confirmed in ONE DynamoDB transaction
 * (at most 100 items) with each lesson's booking and up to two hour locks, plus the attempt, the
 * plan, the transaction record and the tutor's month. A month is at most 4; a term paid up front
 * with more is refused at set-up.
 */
export const MAX_TERM_LESSONS = 30;

/** Why an instalment cannot be paid now (each is a 409/422 answer where the route meets it). */
export type InstalmentRefusal = 'no_such_instalment' | 'already_paid' | 'earlier_unpaid' | 'hold_expired' | 'plan_declined' | 'plan_ended' | 'instalment_skipped';

/** What the provider is asked to charge for instalment `number`: its lessons at the plan's price. */
export function instalmentAmountMinor(plan: Pick<Plan, 'pricePerLesson' | 'instalments'>, number: number): number {
  const instalment = plan.instalments.find((i) => i.number === number);
  if (!instalment) throw new Error(`Plan has no instalment ${number}`);
  return Math.round(plan.pricePerLesson * 100) * instalment.bookingIds.length;
}

/**
 * Instalment `number` may be paid when it is still pending, every earlier one is paid, and (for
 * the first, while the plan awaits its first payment) the plan's hold has not run out: after it,
 * the lessons' hours may be someone else's and a payment would have to go back.
 */
export function instalmentRefusal(plan: Pick<Plan, 'status' | 'holdExpiresAt' | 'instalments'>, number: number, now: Date): InstalmentRefusal | null {
  const instalment = plan.instalments.find((i) => i.number === number);
  if (!instalment) return 'no_such_instalment';
  if (plan.status === 'declined') return 'plan_declined';
  if (plan.status === 'ended') return 'plan_ended';
  if (instalment.status === 'paid') return 'already_paid';
  // A pause released every lesson it held: there is nothing to charge, and it blocks no later one.
  if (instalment.status === 'skipped') return 'instalment_skipped';
  if (plan.instalments.some((i) => i.number < number && i.status === 'pending')) return 'earlier_unpaid';
  if (plan.status === 'awaiting_payment' && Date.parse(plan.holdExpiresAt) <= now.getTime()) return 'hold_expired';
  return null;
}

/**
 * One reference per payment attempt: the plan, the instalment and the attempt's number (an
 * atomic counter per plan), so a retried click is a new attempt and never charged twice under
 * an old reference, and any reference names what it pays for. Paystack takes up to 100 of
 * [A-Za-z0-9.=-].
 */
export const instalmentReference = (planId: string, number: number, attempt: number) => `PLAN-${planId}-${number}-${attempt}`;

const REFERENCE = /^PLAN-([0-9a-f-]{36})-(\d+)-(\d+)$/;

/** The plan, instalment and attempt a reference was made for; null for any other reference. */
export function parseInstalmentReference(reference: string): { planId: string; number: number; attempt: number } | null {
  const match = REFERENCE.exec(reference);
  return match ? { planId: match[1]!, number: Number(match[2]), attempt: Number(match[3]) } : null;
}

/**
 * Once the first instalment is paid, each later instalment's lessons stay held until the grace
 * after its own charge date (a failed monthly charge keeps the slots GRACE_HOURS, then they are
 * released by the bookings' usual hold expiry); before it, every lesson is held only for the
 * plan's first 48 hours.
 */
export function laterHolds(plan: Pick<Plan, 'instalments'>): Array<{ bookingId: string; holdExpiresAt: string }> {
  return plan.instalments
    .filter((i) => i.status === 'pending' && i.number > 1)
    .flatMap((i) => i.bookingIds.map((bookingId) => ({ bookingId, holdExpiresAt: graceEndsAt(new Date(i.chargeAt)) })));
}
