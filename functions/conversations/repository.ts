/**
 * The only code that reads or writes conversation items (keys.ts). A message, its client id, both
 * sides and both inboxes are written in one transaction: a message is either stored with
 * everything that shows it, or not at all.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import type { Gsi1Key } from '../shared/cursor.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  ClientItem, clientKey, clientPut, ConversationItem, conversationItem, conversationKey, inboxChanged, InboxItem, inboxKey, listPartition,
  MESSAGE_PREFIX, MessageItem, messageItem, messageSk, REPORTS_PARTITION, reportsListKeys, SideItem, sideItem, sideKey, sideOnMessage, sideRead,
  type Side, UnreadDueItem, unreadDueKey, unreadDuePartition, unreadDuePut,
} from './keys.js';
import { changeReplySamples } from './reply-times-repository.js';
import { withSample, type ReplySample } from './rules.js';
import { unreadDueMinute } from './unread-rules.js';

const table = () => config.tableName;
const updateIn = <U extends object>(op: { Update: U }) => ({ Update: { TableName: table(), ...op.Update } });
const CLIENT_ID_DAYS = 30;

async function get(key: Record<string, string>): Promise<Record<string, unknown> | undefined> {
  return (await dynamo().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
}

export async function getConversation(conversationId: string): Promise<ConversationItem | null> {
  const item = await get(conversationKey(conversationId));
  return item ? ConversationItem.parse(item) : null;
}

export async function getSide(conversationId: string, side: Side): Promise<SideItem | null> {
  const item = await get(sideKey(conversationId, side));
  return item ? SideItem.parse(item) : null;
}

/**
 * A new conversation with both sides, unless the pair already has one. True when this call made it.
 */
export async function createConversation(conversation: ConversationItem, sides: [SideItem, SideItem]): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: table(), Item: conversationItem(conversation), ConditionExpression: 'attribute_not_exists(pk)' } },
        ...sides.map((s) => ({ Put: { TableName: table(), Item: sideItem(s) } })),
      ],
    });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

export interface NewMessage {
  message: MessageItem;
  senderOwnerId: string;
  recipientOwnerId: string;
  recipientSide: Side;
  preview: string;
}

/**
 * Stores a message once per (sender, client id). Returns the stored message: this one, or the one
 * an earlier send with the same client id stored (a retry, or the same send racing itself).
 */
export async function storeMessage({ message, senderOwnerId, recipientOwnerId, recipientSide, preview }: NewMessage): Promise<{ message: MessageItem; created: boolean }> {
  const { conversationId, senderId, clientId, sentAt } = message;
  const item = messageItem(message);
  const expiresAt = Math.floor(Date.parse(sentAt) / 1000) + CLIENT_ID_DAYS * 86_400;
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: table(), ...clientPut(conversationId, senderId, clientId, item.sk as string, expiresAt).Put } },
        { Put: { TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        updateIn(sideOnMessage(conversationId, message.senderSide, sentAt, preview, 0)),
        updateIn(sideOnMessage(conversationId, recipientSide, sentAt, preview, 1)),
        updateIn(inboxChanged(recipientOwnerId, 1)),
        // The unread job's check 10 minutes on; kept a day at most.
        { Put: { TableName: table(), ...unreadDuePut(unreadDueMinute(sentAt), { conversationId, messageId: message.messageId, sentAt, recipientSide }, Math.floor(Date.parse(sentAt) / 1000) + 86_400).Put } },
        // The sender's other tabs and devices show the message too.
        ...(senderOwnerId === recipientOwnerId ? [] : [updateIn(inboxChanged(senderOwnerId, 0))]),
      ],
    });
    return { message, created: true };
  } catch (error) {
    if (cancellationCodes(error)[0] !== 'ConditionalCheckFailed') throw error;
    const earlier = await messageOfClientId(conversationId, senderId, clientId);
    if (!earlier) throw error;
    return { message: earlier, created: false };
  }
}

export async function getMessage(conversationId: string, sentAt: string, messageId: string): Promise<MessageItem | null> {
  const item = await get({ pk: conversationKey(conversationId).pk, sk: messageSk(sentAt, messageId) });
  return item ? MessageItem.parse(item) : null;
}

/** The messages due for the unread check at `minute`, a page at a time. */
export async function* unreadDueAt(minute: string): AsyncGenerator<UnreadDueItem[]> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: table(), KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': unreadDuePartition(minute) }, ExclusiveStartKey: startKey,
    }));
    yield (out.Items ?? []).map((i) => UnreadDueItem.parse(i));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
}

export async function deleteUnreadDue(minute: string, due: UnreadDueItem): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: unreadDueKey(minute, due.conversationId, due.messageId) }));
}

/** The message an earlier send with this client id stored, if any. */
export async function messageOfClientId(conversationId: string, senderId: string, clientId: string): Promise<MessageItem | null> {
  const client = await get(clientKey(conversationId, senderId, clientId));
  if (!client) return null;
  const item = await get({ pk: conversationKey(conversationId).pk, sk: ClientItem.parse(client).messageSk });
  return item ? MessageItem.parse(item) : null;
}

/** A page of the thread, newest first, older than the message `beforeSk` names when given. */
export async function messagesBefore(conversationId: string, limit: number, beforeSk?: string): Promise<{ items: MessageItem[]; more: boolean }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: table(),
    // BETWEEN includes `beforeSk` itself: one more is read and that one dropped.
    KeyConditionExpression: 'pk = :p AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':p': conversationKey(conversationId).pk, ':lo': MESSAGE_PREFIX, ':hi': beforeSk ?? `${MESSAGE_PREFIX}\uffff` },
    ScanIndexForward: false,
    Limit: limit + 2,
  }));
  const items = (out.Items ?? []).filter((i) => i.sk !== beforeSk).map((i) => MessageItem.parse(i));
  return { items: items.slice(0, limit), more: items.length > limit };
}

/** A party's conversations, most recent message first: a page of `limit` and where to go on. */
export async function sidesOf(ownerId: string, limit: number, startKey?: Gsi1Key): Promise<{ items: SideItem[]; lastKey?: Gsi1Key }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': listPartition(ownerId) },
    ScanIndexForward: false, Limit: limit + 1, ExclusiveStartKey: startKey,
  }));
  const raw = out.Items ?? [];
  const items = raw.map((i) => SideItem.parse(i));
  if (items.length <= limit) return { items };
  const last = raw[limit - 1]!;
  return { items: items.slice(0, limit), lastKey: { pk: String(last.pk), sk: String(last.sk), gsi1pk: String(last.gsi1pk), gsi1sk: String(last.gsi1sk) } };
}

export async function getConversations(ids: readonly string[]): Promise<ConversationItem[]> {
  return (await Promise.all(ids.map((id) => getConversation(id)))).filter((c): c is ConversationItem => c !== null);
}

export async function inboxOf(ownerId: string): Promise<{ unread: number; version: number }> {
  const item = InboxItem.parse((await get(inboxKey(ownerId))) ?? {});
  return { unread: Math.max(0, item.unread ?? 0), version: item.version ?? 0 };
}

/**
 * The party has read everything: their side's unread goes to 0 and their inbox total down by as
 * much; the other party's page moves too (its read receipt). False when a message arrived meanwhile.
 */
export async function markRead(side: SideItem, otherOwnerId: string, at: string): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        updateIn(sideRead(side.conversationId, side.side, side.unread, at)),
        updateIn(inboxChanged(side.ownerId, -side.unread)),
        ...(otherOwnerId === side.ownerId ? [] : [updateIn(inboxChanged(otherOwnerId, 0))]),
      ],
    });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

export async function setContactsShared(conversationId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: table(), Key: conversationKey(conversationId), UpdateExpression: 'SET contactsShared = :t', ExpressionAttributeValues: { ':t': true },
  }));
}

/** Sets who blocks the conversation now; both parties' pages move. */
export async function setBlockedBy(conversationId: string, blockedBy: Side[], owners: string[]): Promise<void> {
  await transactWrite({
    TransactItems: [
      { Update: { TableName: table(), Key: conversationKey(conversationId), UpdateExpression: 'SET blockedBy = :b', ExpressionAttributeValues: { ':b': blockedBy } } },
      ...[...new Set(owners)].map((o) => updateIn(inboxChanged(o, 0))),
    ],
  });
}

/** Adds a report (once per side); the conversation enters the moderators' list. False when this side already reported. */
export async function addReport(conversationId: string, report: { side: Side; by: string; reason: string; at: string }): Promise<boolean> {
  try {
    const listKeys = reportsListKeys({ conversationId, reportedAt: report.at });
    await dynamo().send(new UpdateCommand({
      TableName: table(), Key: conversationKey(conversationId),
      UpdateExpression: 'SET reports = list_append(if_not_exists(reports, :none), :r), reportedAt = if_not_exists(reportedAt, :at), '
        + 'gsi2pk = :gp, gsi2sk = if_not_exists(gsi2sk, :gs) ADD reportedSides :sides',
      ConditionExpression: 'attribute_exists(pk) AND NOT contains(reportedSides, :side)',
      ExpressionAttributeValues: {
        ':none': [], ':r': [report], ':at': report.at, ':side': report.side, ':sides': new Set([report.side]), ':gp': listKeys.gsi2pk, ':gs': listKeys.gsi2sk,
      },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Reported conversations not yet closed, the newest report first: a page of `limit` and the gsi2sk to go on after. */
export async function openReports(limit: number, startKey?: Record<string, string>): Promise<{ items: ConversationItem[]; after?: string }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: table(), IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': REPORTS_PARTITION },
    ScanIndexForward: false, Limit: limit + 1, ExclusiveStartKey: startKey,
  }));
  const raw = out.Items ?? [];
  const items = raw.slice(0, limit).map((i) => ConversationItem.parse(i));
  return { items, ...(raw.length > limit ? { after: String(raw[limit - 1]!.gsi2sk) } : {}) };
}

/**
 * A moderator closes the conversation's open reports: it leaves the list and either side may
 * report it again. False when none is open (closed already, or never reported).
 */
export async function closeReports(conversationId: string, by: string, at: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: table(), Key: conversationKey(conversationId),
      UpdateExpression: 'SET reportsClosedAt = :at, reportsClosedBy = :by REMOVE gsi2pk, gsi2sk, reportedAt, reportedSides',
      ConditionExpression: 'attribute_exists(gsi2pk)',
      ExpressionAttributeValues: { ':at': at, ':by': by },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The family's first message waits for the tutor's reply (set once per conversation). */
export async function markAwaitingReply(conversationId: string, since: string): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: table(), Key: conversationKey(conversationId),
      UpdateExpression: 'SET awaitingReplySince = :at', ConditionExpression: 'attribute_not_exists(awaitingReplySince) AND attribute_not_exists(firstReplyCounted)',
      ExpressionAttributeValues: { ':at': since },
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Adds a first-reply sample to the tutor's bounded list (rules.withSample). Returns the new median (undefined: none). */
export async function addReplySample(tutorId: string, sample: ReplySample, now: Date): Promise<number | undefined> {
  return changeReplySamples(tutorId, (samples) => withSample(samples, sample, now), now);
}

/**
 * The tutor has written in the conversation: the first time, it ends the wait for a first reply.
 * Returns when the family's first message arrived when this is the first reply to it (to count),
 * else null (counted already, or the tutor wrote first: nothing to count).
 */
export async function closeFirstReply(conversation: ConversationItem): Promise<string | null> {
  if (conversation.firstReplyCounted) return null;
  try {
    await dynamo().send(new UpdateCommand({
      TableName: table(), Key: conversationKey(conversation.conversationId),
      UpdateExpression: 'SET firstReplyCounted = :t', ConditionExpression: 'attribute_not_exists(firstReplyCounted)',
      ExpressionAttributeValues: { ':t': true },
    }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
  return (await getConversation(conversation.conversationId))?.awaitingReplySince ?? null;
}
