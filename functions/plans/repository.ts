/**
 * Plans and their lessons' bookings (keys in keys.ts). A plan of up to MAX_PLAN_LESSONS lessons
 * holds more items than one DynamoDB transaction takes (100), so it is written in batches: the
 * first holds the request item, the plan and the first lessons; each later one more lessons. If a
 * batch loses an hour (another family booked it meanwhile), everything the earlier batches wrote
 * is taken back (bookings, locks, plan, request item), so nothing half-written is left and the
 * same request key can be tried again. Whatever could not be taken back is an unpaid hold that
 * runs out by itself (bookings' holdExpiresAt).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import type { Booking } from '../bookings/contract.js';
import { newBookingPuts, removeUnpaidBookings } from '../bookings/service.js';
import { Plan, type PlanEndCause, type PlanEnding, type PlanPause, type PlanSlotChange } from './contract.js';
import { PlanAttemptCounter, planAttemptCounterUpdate, payerPlansPartition, planDeclinedUpdate, planEndedUpdate, planItem, planPausedUpdate, planSlotChangedUpdate, planKey, planRequestItem, planRequestKey, PlanRequestItem, tutorPlansPartition } from './keys.js';

/** Lessons per transaction: a lesson is a booking and at most 3 hour locks, so 30 stay under 100 items with the plan's two. */
export const LESSONS_PER_BATCH = 30;

export type DraftLesson = { booking: Booking; hours: string[] };

/** Another request with the same key made a plan first. */
export class RequestTaken extends Error {}
/** An hour of one of these lessons is held by someone else now. */
export class LessonTaken extends Error {
  constructor(readonly starts: string[]) { super('lesson taken'); }
}

export async function createPlanWithBookings(plan: Plan, idempotencyKey: string, lessons: readonly DraftLesson[], now: Date): Promise<void> {
  const written: DraftLesson[] = [];
  for (let from = 0; from < lessons.length; from += LESSONS_PER_BATCH) {
    const batch = lessons.slice(from, from + LESSONS_PER_BATCH);
    const first = from === 0;
    const head = first ? [
      { Put: { TableName: config.tableName, Item: planRequestItem(plan.payerId, idempotencyKey, plan.id), ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: config.tableName, Item: planItem(plan), ConditionExpression: 'attribute_not_exists(pk)' } },
    ] : [];
    const puts = batch.map((l) => newBookingPuts(l.booking, l.hours, now));
    try {
      await transactWrite({ TransactItems: [...head, ...puts.flat()] });
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') { await takeBack(plan, idempotencyKey, written); throw error; }
      const codes = cancellationCodes(error);
      if (first && codes[0] === 'ConditionalCheckFailed') throw new RequestTaken();
      // Which lessons lost an hour: codes follow the items, each lesson's booking then its locks.
      const taken: string[] = [];
      let at = head.length;
      for (const [i, items] of puts.entries()) {
        if (codes.slice(at + 1, at + items.length).includes('ConditionalCheckFailed')) taken.push(batch[i]!.booking.scheduledAt);
        at += items.length;
      }
      await takeBack(plan, idempotencyKey, written);
      if (taken.length) throw new LessonTaken(taken);
      throw error;
    }
    written.push(...batch);
  }
}

async function takeBack(plan: Plan, idempotencyKey: string, written: readonly DraftLesson[]): Promise<void> {
  if (!written.length) return;
  await removeUnpaidBookings(written);
  await transactWrite({
    TransactItems: [
      { Delete: { TableName: config.tableName, Key: planKey(plan.id) } },
      { Delete: { TableName: config.tableName, Key: planRequestKey(plan.payerId, idempotencyKey) } },
    ],
  });
}

export async function getPlan(id: string): Promise<Plan | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: planKey(id), ConsistentRead: true }));
  return out.Item ? Plan.parse(out.Item) : null;
}

/** The plan a payer's request key made, if any (strongly consistent: a retry must see the first). */
export async function planIdForRequest(payerId: string, idempotencyKey: string): Promise<string | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: planRequestKey(payerId, idempotencyKey), ConsistentRead: true }));
  return out.Item ? PlanRequestItem.parse(out.Item).planId : null;
}

/** A payer's plans, newest first: every page of their partition of gsi1 (a family has a handful). */
export async function payerPlans(payerId: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': payerPlansPartition(payerId) },
      ScanIndexForward: false, ExclusiveStartKey: startKey,
    }));
    plans.push(...(out.Items ?? []).map((item) => Plan.parse(item)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return plans;
}

/** A tutor's newest plans (gsi2), at most `limit`: the plans section of the tutor's bookings. */
export async function tutorPlans(tutorId: string, limit: number): Promise<Plan[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': tutorPlansPartition(tutorId) },
    ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => Plan.parse(item));
}

/** Every plan of a tutor (gsi2, every page): what ending them all when the tutor stops teaching reads. */
export async function allTutorPlans(tutorId: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': tutorPlansPartition(tutorId) }, ExclusiveStartKey: startKey,
    }));
    plans.push(...(out.Items ?? []).map((item) => Plan.parse(item)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return plans;
}

/** The plan becomes declined, only while it awaits its first payment; false when it no longer does. */
export async function markPlanDeclined(planId: string, at: string, reason: string | undefined): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...planDeclinedUpdate(planId, at, reason) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The plan becomes ended with its ending, only if it is still as read (status and instalments); false when it changed. */
export async function markPlanEnded(plan: Plan, at: string, reason: string | undefined, ending: PlanEnding, cause?: PlanEndCause): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...planEndedUpdate(plan, at, reason, ending, cause) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The pause is added to the plan with the instalments it leaves, only if the plan is still as read; false when it changed. */
export async function markPlanPaused(plan: Plan, pause: PlanPause, instalments: Plan['instalments']): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...planPausedUpdate(plan, pause, instalments) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The slot change is recorded on the plan with the lessons and instalments it leaves, only if the plan is still as read; false when it changed. */
export async function markPlanSlotChanged(plan: Plan, change: PlanSlotChange, lessons: Plan['lessons'], instalments: Plan['instalments']): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...planSlotChangedUpdate(plan, change, lessons, instalments) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The number of a new payment attempt on the plan (1, 2, …): one atomic ADD, never the same twice. */
export async function nextPaymentAttempt(planId: string): Promise<number> {
  const out = await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...planAttemptCounterUpdate(planId), ReturnValues: 'UPDATED_NEW' }));
  return PlanAttemptCounter.parse(out.Attributes).paymentAttempts;
}
