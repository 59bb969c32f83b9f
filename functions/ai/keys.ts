/**
 * AI usage counters, owned by the AI domain. One item per user per Nairobi day, one for the
 * platform per day; each expires by TTL (`expiresAt`) after KEEP_COUNTERS_DAYS (quota.ts):
 *   user      pk AIUSE#{userId}   sk DAY#{yyyy-mm-dd}   quiz, chat
 *   platform  pk AIUSE#PLATFORM   sk DAY#{yyyy-mm-dd}   modelCalls
 * Pure: keys, the item schema and the conditional Update builders (callers add TableName).
 */
import * as z from 'zod';
import type { QuotaKind } from './quota.js';

const PREFIX = 'AIUSE#';
/** User ids are Cognito subs (UUIDs), so this partition can never be a user's. */
const PLATFORM = `${PREFIX}PLATFORM`;

export const userUsageKey = (userId: string, day: string) => ({ pk: `${PREFIX}${userId}`, sk: `DAY#${day}` });
export const platformUsageKey = (day: string) => ({ pk: PLATFORM, sk: `DAY#${day}` });

export type UsageCounter = QuotaKind | 'modelCalls';

const count = z.number().default(0);
export const UsageItem = z.object({ quiz: count, chat: count, modelCalls: count });
export type Usage = z.infer<typeof UsageItem>;

/**
 * Adds one to `counter` only while it is below `limit` (a missing counter is 0): one conditional
 * UpdateItem, so concurrent requests can never together pass the limit. Sets the TTL on first use.
 */
export function takeOneUpdate(Key: { pk: string; sk: string }, counter: UsageCounter, limit: number, expiresAt: number) {
  return {
    Key,
    UpdateExpression: 'ADD #n :one SET expiresAt = if_not_exists(expiresAt, :expiresAt)',
    ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
    ExpressionAttributeNames: { '#n': counter },
    ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expiresAt': expiresAt },
  };
}

/** Gives back one taken by {@link takeOneUpdate} (the platform cap refused after the user's count was taken). */
export function giveBackUpdate(Key: { pk: string; sk: string }, counter: UsageCounter) {
  return {
    Key,
    UpdateExpression: 'ADD #n :minusOne',
    ConditionExpression: '#n > :zero',
    ExpressionAttributeNames: { '#n': counter },
    ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
  };
}
