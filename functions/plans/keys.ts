/**
 * Plan items in the single table (docs/data-model.md):
 *   plan          pk PLAN#{id}                           sk PLAN          gsi1 PLANS#{payerId} / {createdAt}#{id}
 *   plan request  pk PLANREQUEST#{payerId}#{idempotencyKey} sk PLANREQUEST planId
 * The request item is written in the plan's first transaction, so one idempotency key of one payer
 * ever makes one plan. The plan's lessons are ordinary bookings (functions/bookings) with planId.
 * Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import type { Plan } from './contract.js';

export const planKey = (id: string) => ({ pk: `PLAN#${id}`, sk: 'PLAN' });
export const planRequestKey = (payerId: string, idempotencyKey: string) => ({ pk: `PLANREQUEST#${payerId}#${idempotencyKey}`, sk: 'PLANREQUEST' });
export const payerPlansPartition = (payerId: string) => `PLANS#${payerId}`;

export function planItem(plan: Plan): Record<string, unknown> {
  return {
    ...planKey(plan.id), entity: 'Plan', ...plan,
    gsi1pk: payerPlansPartition(plan.payerId), gsi1sk: `${plan.createdAt}#${plan.id}`,
  };
}

export const planRequestItem = (payerId: string, idempotencyKey: string, planId: string) =>
  ({ ...planRequestKey(payerId, idempotencyKey), entity: 'PlanRequest', planId });

export const PlanRequestItem = z.object({ planId: z.string() });
