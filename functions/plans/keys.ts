/**
 * Plan items in the single table (docs/data-model.md):
 *   plan          pk PLAN#{id}                           sk PLAN          gsi1 PLANS#{payerId} / {createdAt}#{id}
 *                                                                          gsi2 TUTORPLANS#{tutorId} / {createdAt}#{id}
 *                 paymentAttempts: ADDed once per payment attempt, the last number of its references
 *   plan request  pk PLANREQUEST#{payerId}#{idempotencyKey} sk PLANREQUEST planId
 * The request item is written in the plan's first transaction, so one idempotency key of one payer
 * ever makes one plan. The plan's lessons are ordinary bookings (functions/bookings) with planId.
 * Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import type { Plan, PlanEndCause, PlanEnding, PlanPause, PlanSlotChange } from './contract.js';

export const planKey = (id: string) => ({ pk: `PLAN#${id}`, sk: 'PLAN' });
export const planRequestKey = (payerId: string, idempotencyKey: string) => ({ pk: `PLANREQUEST#${payerId}#${idempotencyKey}`, sk: 'PLANREQUEST' });
export const payerPlansPartition = (payerId: string) => `PLANS#${payerId}`;
export const tutorPlansPartition = (tutorId: string) => `TUTORPLANS#${tutorId}`;

export function planItem(plan: Plan): Record<string, unknown> {
  return {
    ...planKey(plan.id), entity: 'Plan', ...plan,
    gsi1pk: payerPlansPartition(plan.payerId), gsi1sk: `${plan.createdAt}#${plan.id}`,
    gsi2pk: tutorPlansPartition(plan.tutorId), gsi2sk: `${plan.createdAt}#${plan.id}`,
  };
}

export const planRequestItem = (payerId: string, idempotencyKey: string, planId: string) =>
  ({ ...planRequestKey(payerId, idempotencyKey), entity: 'PlanRequest', planId });

export const PlanRequestItem = z.object({ planId: z.string() });

/** Counts one more payment attempt on the plan, atomically: the new count numbers the attempt's reference. */
export const planAttemptCounterUpdate = (planId: string) => ({
  Key: planKey(planId),
  UpdateExpression: 'ADD paymentAttempts :one',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':one': 1 },
});
export const PlanAttemptCounter = z.object({ paymentAttempts: z.number().int().positive() });

/**
 * Instalment `number` becomes paid and the plan active, only while that instalment is still
 * pending: a second reference paying it fails here (a duplicate to refund), never pays it twice.
 */
export const planInstalmentPaidUpdate = (planId: string, number: number) => ({
  Key: planKey(planId),
  UpdateExpression: `SET instalments[${number - 1}].#s = :paid, #s = :active`,
  // A plan its tutor declined or its family ended is never paid: the payment goes back (payments/service.ts).
  ConditionExpression: `instalments[${number - 1}].#n = :number AND instalments[${number - 1}].#s = :pending AND NOT #s IN (:declined, :ended)`,
  ExpressionAttributeNames: { '#s': 'status', '#n': 'number' },
  ExpressionAttributeValues: { ':paid': 'paid', ':active': 'active', ':pending': 'pending', ':number': number, ':declined': 'declined', ':ended': 'ended' },
});

/** The tutor declines: only while the plan still awaits its first payment (no lesson of it is paid). */
export const planDeclinedUpdate = (planId: string, at: string, reason: string | undefined) => ({
  Key: planKey(planId),
  UpdateExpression: `SET #s = :declined, declinedAt = :at${reason ? ', declineReason = :why' : ''}`,
  ConditionExpression: '#s = :awaiting AND instalments[0].#s = :pending',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':declined': 'declined', ':awaiting': 'awaiting_payment', ':pending': 'pending', ':at': at, ...(reason ? { ':why': reason } : {}) },
});

/**
 * The family ends the plan, with what its ending does (ending.ts), decided on the plan as read:
 * only while it is awaiting payment or active and every instalment is as paid (or not) as it was
 * then, so a payment confirmed meanwhile makes the ending decide again on the lessons it paid.
 */
export const planEndedUpdate = (
  plan: Pick<Plan, 'id' | 'status' | 'instalments'>, at: string, reason: string | undefined, ending: PlanEnding, cause?: PlanEndCause,
) => ({
  Key: planKey(plan.id),
  UpdateExpression: `SET #s = :ended, endedAt = :at, ending = :ending${reason ? ', endReason = :why' : ''}${cause ? ', endCause = :cause' : ''}`,
  ConditionExpression: ['#s = :was', ...plan.instalments.map((_, i) => `instalments[${i}].#s = :i${i}`)].join(' AND '),
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: {
    ':ended': 'ended', ':was': plan.status, ':at': at, ':ending': ending, ...(reason ? { ':why': reason } : {}), ...(cause ? { ':cause': cause } : {}),
    ...Object.fromEntries(plan.instalments.map((i, n) => [`:i${n}`, i.status])),
  },
});

/**
 * The family pauses some weeks, with what the pause does (pausing.ts) and the instalments it leaves
 * (its released lessons taken out of the unpaid ones), decided on the plan as read: only while the
 * plan's status, its instalments' and its number of pauses are as they were then, so a payment or
 * another pause meanwhile makes it decide again.
 */
export const planPausedUpdate = (plan: Pick<Plan, 'id' | 'status' | 'instalments' | 'pauses'>, pause: PlanPause, instalments: Plan['instalments']) => {
  const count = plan.pauses?.length ?? 0;
  return {
    Key: planKey(plan.id),
    UpdateExpression: 'SET pauses = list_append(if_not_exists(pauses, :none), :pause), instalments = :instalments',
    ConditionExpression: [
      '#s = :was', count ? 'size(pauses) = :count' : 'attribute_not_exists(pauses)',
      ...plan.instalments.map((_, i) => `instalments[${i}].#s = :i${i}`),
    ].join(' AND '),
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: {
      ':none': [], ':pause': [pause], ':instalments': instalments, ':was': plan.status, ...(count ? { ':count': count } : {}),
      ...Object.fromEntries(plan.instalments.map((i, n) => [`:i${n}`, i.status])),
    },
  };
};

/**
 * The family changes the plan's slot, with what the change does (slot-change.ts): the new weekday
 * and time, the moved lessons' new starts in the plan's lesson list, the instalments it leaves (its
 * released lessons taken out of the unpaid ones) and the change recorded. Decided on the plan as
 * read: only while its status, slot, instalments' statuses and numbers of pauses and slot changes
 * are as they were then, so a payment, a pause or another change meanwhile makes it decide again.
 */
export const planSlotChangedUpdate = (
  plan: Pick<Plan, 'id' | 'status' | 'dayOfWeek' | 'startTime' | 'instalments' | 'pauses' | 'slotChanges'>,
  change: PlanSlotChange, lessons: Plan['lessons'], instalments: Plan['instalments'],
) => {
  const changes = plan.slotChanges?.length ?? 0;
  const pauses = plan.pauses?.length ?? 0;
  return {
    Key: planKey(plan.id),
    UpdateExpression: 'SET slotChanges = list_append(if_not_exists(slotChanges, :none), :change), dayOfWeek = :day, startTime = :time, lessons = :lessons, instalments = :instalments',
    ConditionExpression: [
      '#s = :was', 'dayOfWeek = :wasDay', 'startTime = :wasTime',
      changes ? 'size(slotChanges) = :changes' : 'attribute_not_exists(slotChanges)',
      pauses ? 'size(pauses) = :pauses' : 'attribute_not_exists(pauses)',
      ...plan.instalments.map((_, i) => `instalments[${i}].#s = :i${i}`),
    ].join(' AND '),
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: {
      ':none': [], ':change': [change], ':day': change.dayOfWeek, ':time': change.startTime, ':lessons': lessons, ':instalments': instalments,
      ':was': plan.status, ':wasDay': plan.dayOfWeek, ':wasTime': plan.startTime,
      ...(changes ? { ':changes': changes } : {}), ...(pauses ? { ':pauses': pauses } : {}),
      ...Object.fromEntries(plan.instalments.map((i, n) => [`:i${n}`, i.status])),
    },
  };
};
