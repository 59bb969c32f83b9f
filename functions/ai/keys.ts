/**
 * AI usage counters, owned by the AI domain. One item per user per Nairobi day, one for the
 * platform per day; each expires by TTL (`expiresAt`) after KEEP_COUNTERS_DAYS (quota.ts):
 *   user      pk AIUSE#{userId}   sk DAY#{yyyy-mm-dd}   quiz, chat
 *   platform  pk AIUSE#PLATFORM   sk DAY#{yyyy-mm-dd}   modelCalls
 *   address   pk AIUSE#IP#{ip}    sk DAY#{yyyy-mm-dd}   modelCalls (new accounts' calls from that address)
 * A new account's own allowance is the `modelCalls` counter of its user item.
 * Pure: keys, the item schemas and the conditional Update builders (callers add TableName).
 */
import * as z from 'zod';
import { ChatMessage, ConversationSummary } from './contract.js';
import type { QuotaKind } from './quota.js';

const PREFIX = 'AIUSE#';
/** User ids are Cognito subs (UUIDs), so this partition can never be a user's. */
const PLATFORM = `${PREFIX}PLATFORM`;

export const userUsageKey = (userId: string, day: string) => ({ pk: `${PREFIX}${userId}`, sk: `DAY#${day}` });
export const platformUsageKey = (day: string) => ({ pk: PLATFORM, sk: `DAY#${day}` });
export const newAccountsAddressUsageKey = (ip: string, day: string) => ({ pk: `${PREFIX}IP#${ip}`, sk: `DAY#${day}` });

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

/*
 * Study assistant conversations, one partition per student (so every read is a bounded Query of
 * the owner's own items, and another student's id can never name them):
 *   head     pk AICHAT#{userId}   sk CONV#{conversationId}           title, type, subject, difficulty, createdAt, updatedAt, messageCount
 *   message  pk AICHAT#{userId}   sk MSG#{conversationId}#{nnnn}     id, type, content, timestamp, asked?, quiz?
 * Every item expires (`expiresAt`) CHAT_LIMITS.keepDays after it was written; a new message
 * moves its head's expiry on, so a conversation in use stays listed.
 */
const CHAT_PREFIX = 'AICHAT#';
const HEAD = 'CONV#';
const MESSAGE = 'MSG#';

export const chatPartition = (userId: string) => `${CHAT_PREFIX}${userId}`;
export const conversationKey = (userId: string, conversationId: string) => ({ pk: chatPartition(userId), sk: `${HEAD}${conversationId}` });
/** Zero-padded so the messages sort in the order they were written. */
export const messageKey = (userId: string, conversationId: string, seq: number) =>
  ({ pk: chatPartition(userId), sk: `${MESSAGE}${conversationId}#${String(seq).padStart(4, '0')}` });
export const HEAD_PREFIX = HEAD;
export const messagesPrefix = (conversationId: string) => `${MESSAGE}${conversationId}#`;

export const ConversationHeadItem = ConversationSummary.extend({ expiresAt: z.number() });
export type ConversationHeadItem = z.infer<typeof ConversationHeadItem>;
export const MessageItem = ChatMessage.extend({ expiresAt: z.number() });
