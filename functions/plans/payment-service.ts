/**
 * Paying a plan's instalment (card page or M-Pesa prompt): only the plan's payer, only an
 * instalment the rules allow now (instalment-payment.ts), for the amount the plan says, under a
 * fresh reference PLAN-{planId}-{n}-{attempt}. The lessons are marked paid only when the provider
 * confirms it (functions/payments: webhook, verify or the prompt's poll), once.
 */
import type { InitializePaymentResponse } from '../bookings/contract.js';
import type { MpesaPayment, MpesaPromptResponse } from '../payments/contract.js';
import { sendPlanMpesaPrompt } from '../payments/mpesa-prompt.js';
import { initializePlanPayment } from '../payments/service.js';
import { BusinessRuleViolated, Conflict, Forbidden, NotFound, type DomainError } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { instalmentAmountMinor, instalmentReference, instalmentRefusal, type InstalmentRefusal } from './instalment-payment.js';
import { planMessages } from './messages.js';
import { getPlan, nextPaymentAttempt } from './repository.js';

/** Each refusal's answer: a state of the plan that another action changes (409), or one that cannot be paid (422). */
const REFUSALS: Record<InstalmentRefusal, () => DomainError> = {
  no_such_instalment: () => new BusinessRuleViolated('no_such_instalment', planMessages.noSuchInstalment),
  already_paid: () => new Conflict('already_paid', planMessages.instalmentPaid),
  earlier_unpaid: () => new Conflict('earlier_unpaid', planMessages.earlierUnpaid),
  hold_expired: () => new BusinessRuleViolated('hold_expired', planMessages.planHoldExpired),
  plan_declined: () => new BusinessRuleViolated('plan_declined', planMessages.planDeclined),
  plan_ended: () => new BusinessRuleViolated('plan_ended', planMessages.planEnded),
  instalment_skipped: () => new BusinessRuleViolated('instalment_skipped', planMessages.instalmentSkipped),
};

/** What the provider is asked to charge, after every check, with the attempt's own reference. */
async function payableInstalment(user: AuthUser, planId: string, number: number, now: Date) {
  const plan = await getPlan(planId);
  if (!plan) throw new NotFound(planMessages.notFound);
  // The tutor may see the plan, but only the one who set it up pays for it.
  if (plan.payerId !== user.id) throw new Forbidden(planMessages.notPayer);
  const refusal = instalmentRefusal(plan, number, now);
  if (refusal) throw REFUSALS[refusal]();
  const instalment = plan.instalments.find((i) => i.number === number)!;
  const reference = instalmentReference(plan.id, number, await nextPaymentAttempt(plan.id));
  return {
    planId: plan.id, instalment: number, bookingIds: instalment.bookingIds, tutorId: plan.tutorId,
    amountMinor: instalmentAmountMinor(plan, number), reference,
  };
}

export async function payInstalment(user: AuthUser, planId: string, number: number, now = new Date()): Promise<InitializePaymentResponse> {
  return initializePlanPayment(user, await payableInstalment(user, planId, number, now), now);
}

export async function payInstalmentByMpesa(
  user: AuthUser, planId: string, number: number, payment: MpesaPayment, now = new Date(),
): Promise<MpesaPromptResponse> {
  return sendPlanMpesaPrompt(user, await payableInstalment(user, planId, number, now), payment, now);
}
