/**
 * Conversation items in the single table (docs/data-model.md "Conversations"). Pure: keys, item
 * builders, the Updates a send and a read make, and the schemas items are parsed with when read.
 *   conversation  pk CONV#{id}  sk CONV                      the pair, names, blocks, reports, first-reply facts
 *                                                             gsi2 CONVREPORTS / {reportedAt}#{id} once reported (sparse)
 *   side          pk CONV#{id}  sk SIDE#{family|tutor}       one per party: unread, lastReadAt, preview
 *                                                             gsi1 CONVS#{ownerId} / {lastMessageAt}#{id} (the party's list, newest first)
 *   message       pk CONV#{id}  sk MSG#{sentAt}#{messageId}  the thread, read backwards
 *   client id     pk CONV#{id}  sk CLIENT#{senderId}#{clientId}  → the message's sk: a resend stores nothing new
 *   inbox         pk INBOX#{ownerId}  sk STATE               unread total and a version every change moves (the ETag)
 *   reply times   pk TUTOR#{tutorId}  sk REPLYTIMES          the last 30 days' first-reply durations and their median
 *                                                             gsi3 REPLYEXPIRY#{yyyy-mm-dd} / {tutorId}: the day the oldest leaves the window (sparse)
 *   unread due    pk UNREADDUE#{yyyy-mm-ddThh:mm}  sk {conversationId}#{messageId}
 *                                                             a message's recipient to tell by e-mail if it is still unread
 *                                                             at that minute (10 minutes after sending); expiresAt (TTL)
 * The family side's owner is the household (the parent who pays) or an adult student: a parent's
 * list holds every conversation of their learners, and a linked learner reads the household's.
 */
import { createHash } from 'node:crypto';
import * as z from 'zod';

export const SIDES = ['family', 'tutor'] as const;
export type Side = (typeof SIDES)[number];
export const otherSide = (side: Side): Side => (side === 'family' ? 'tutor' : 'family');

/** One conversation per pair, whoever starts it: the id is derived from the pair. */
export const conversationIdOf = (familyId: string, tutorId: string) =>
  createHash('sha256').update(`${familyId}|${tutorId}`).digest('base64url').slice(0, 32);

const pk = (conversationId: string) => `CONV#${conversationId}`;
export const conversationKey = (conversationId: string) => ({ pk: pk(conversationId), sk: 'CONV' });
export const sideKey = (conversationId: string, side: Side) => ({ pk: pk(conversationId), sk: `SIDE#${side}` });
export const MESSAGE_PREFIX = 'MSG#';
export const messageSk = (sentAt: string, messageId: string) => `${MESSAGE_PREFIX}${sentAt}#${messageId}`;
export const clientKey = (conversationId: string, senderId: string, clientId: string) => ({ pk: pk(conversationId), sk: `CLIENT#${senderId}#${clientId}` });
export const inboxKey = (ownerId: string) => ({ pk: `INBOX#${ownerId}`, sk: 'STATE' });
export const listPartition = (ownerId: string) => `CONVS#${ownerId}`;
const listSk = (lastMessageAt: string, conversationId: string) => `${lastMessageAt}#${conversationId}`;
export const REPORTS_PARTITION = 'CONVREPORTS';
export const replyTimesKey = (tutorId: string) => ({ pk: `TUTOR#${tutorId}`, sk: 'REPLYTIMES' });
export const replyExpiryPartition = (day: string) => `REPLYEXPIRY#${day}`;
/** The reply-times item on the day its oldest sample expires (reply-expiry.ts); none without samples. */
export const replyExpiryKeys = (tutorId: string, day: string | undefined) => (day ? { gsi3pk: replyExpiryPartition(day), gsi3sk: tutorId } : {});

export const unreadDuePartition = (minute: string) => `UNREADDUE#${minute}`;
export const unreadDueKey = (minute: string, conversationId: string, messageId: string) => ({ pk: unreadDuePartition(minute), sk: `${conversationId}#${messageId}` });

export const UnreadDueItem = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  sentAt: z.string(),
  recipientSide: z.enum(SIDES),
});
export type UnreadDueItem = z.infer<typeof UnreadDueItem>;

/** Written with the message (a resend writes nothing new); the unread job deletes it, the TTL any leftover. */
export const unreadDuePut = (minute: string, due: UnreadDueItem, expiresAt: number) => ({
  Put: { Item: { ...unreadDueKey(minute, due.conversationId, due.messageId), entity: 'ConversationUnreadDue', ...due, expiresAt } },
});

export const ConversationItem = z.object({
  conversationId: z.string(),
  familyId: z.string(),
  tutorId: z.string(),
  familyName: z.string(),
  tutorName: z.string(),
  createdAt: z.string(),
  /** Set once the pair is known to have a paid lesson: contact details are shown from then on. */
  contactsShared: z.boolean().optional(),
  blockedBy: z.array(z.enum(SIDES)).optional(),
  reportedAt: z.string().optional(),
  reports: z.array(z.object({ side: z.enum(SIDES), by: z.string(), reason: z.string(), at: z.string() })).optional(),
  /** A moderator closed the reports made until then (they stay as its history); a new report opens it again. */
  reportsClosedAt: z.string().optional(),
  reportsClosedBy: z.string().optional(),
  /** The family's first message, until the tutor's first reply is counted. */
  awaitingReplySince: z.string().optional(),
  firstReplyCounted: z.boolean().optional(),
});
export type ConversationItem = z.infer<typeof ConversationItem>;

export const SideItem = z.object({
  conversationId: z.string(),
  side: z.enum(SIDES),
  ownerId: z.string(),
  unread: z.number().int(),
  lastReadAt: z.string().optional(),
  lastMessageAt: z.string(),
  /** The last message's first line as stored (masked when shown while contacts are hidden). */
  preview: z.string().optional(),
});
export type SideItem = z.infer<typeof SideItem>;

export const MessageItem = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  clientId: z.string(),
  senderId: z.string(),
  senderSide: z.enum(SIDES),
  text: z.string(),
  sentAt: z.string(),
  /** A checked photo or PDF under conversations/{conversationId}/{messageId}/ (attachment-rules.ts). */
  attachment: z.object({
    key: z.string(), name: z.string(), contentType: z.string(), size: z.number().int(), thumbnailKey: z.string().optional(),
  }).optional(),
});
export type MessageItem = z.infer<typeof MessageItem>;

export const ClientItem = z.object({ messageSk: z.string() });

export const InboxItem = z.object({ unread: z.number().int().optional(), version: z.number().int().optional() });

export const ReplyTimesItem = z.object({
  samples: z.array(z.object({ at: z.string(), ms: z.number() })),
  medianMs: z.number().optional(),
  /** Moves with every write: a concurrent sample is not lost. */
  version: z.number().int().default(0),
});
export type ReplyTimesItem = z.infer<typeof ReplyTimesItem>;

export function conversationItem(c: ConversationItem): Record<string, unknown> {
  return { ...conversationKey(c.conversationId), entity: 'Conversation', ...c };
}

export function sideItem(s: SideItem): Record<string, unknown> {
  return { ...sideKey(s.conversationId, s.side), entity: 'ConversationSide', ...s, gsi1pk: listPartition(s.ownerId), gsi1sk: listSk(s.lastMessageAt, s.conversationId) };
}

export function messageItem(m: MessageItem): Record<string, unknown> {
  return { pk: pk(m.conversationId), sk: messageSk(m.sentAt, m.messageId), entity: 'ConversationMessage', ...m };
}

/** A message's side effects on a party's side: moves it to the top of their list; the recipient's unread grows. */
export const sideOnMessage = (conversationId: string, side: Side, at: string, preview: string, unreadBy: 0 | 1) => ({
  Update: {
    Key: sideKey(conversationId, side),
    UpdateExpression: 'SET lastMessageAt = :at, preview = :p, gsi1sk = :sk ADD unread :n',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':at': at, ':p': preview, ':sk': listSk(at, conversationId), ':n': unreadBy },
  },
});

/** Something the party's page shows changed: a new version; `unreadBy` messages more (or fewer) unread. */
export const inboxChanged = (ownerId: string, unreadBy: number) => ({
  Update: {
    Key: inboxKey(ownerId),
    UpdateExpression: 'ADD version :one, unread :n',
    ExpressionAttributeValues: { ':one': 1, ':n': unreadBy },
  },
});

export const clientPut = (conversationId: string, senderId: string, clientId: string, sk: string, expiresAt: number) => ({
  Put: { Item: { ...clientKey(conversationId, senderId, clientId), entity: 'ConversationClientId', messageSk: sk, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** A party reads the conversation: nothing unread on their side, the read time the other side sees. Only if `unread` is still what was read. */
export const sideRead = (conversationId: string, side: Side, unread: number, at: string) => ({
  Update: {
    Key: sideKey(conversationId, side),
    UpdateExpression: 'SET unread = :zero, lastReadAt = :at',
    ConditionExpression: 'unread = :was',
    ExpressionAttributeValues: { ':zero': 0, ':at': at, ':was': unread },
  },
});

export const reportsListKeys = (c: { conversationId: string; reportedAt: string }) => ({ gsi2pk: REPORTS_PARTITION, gsi2sk: `${c.reportedAt}#${c.conversationId}` });
/** The whole key of a listed report from its place in the list (its gsi2sk): where a page continues. */
export function reportsListStartKey(gsi2sk: string): Record<string, string> | null {
  const match = /^[0-9T:.Z-]+#([A-Za-z0-9_-]+)$/.exec(gsi2sk);
  return match ? { ...conversationKey(match[1]!), gsi2pk: REPORTS_PARTITION, gsi2sk } : null;
}
