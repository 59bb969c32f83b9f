/** Messaging's items (keys.ts): delivery reports, the router's sends, preferences, opt-outs and daily caps. */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { phoneOwnerKey, PhoneOwnerItem, verifiedPhoneKey, VerifiedPhoneItem } from '../phones/keys.js';
import type { Channel, ChannelPreferences, PhoneChannel } from './channels.js';
import {
  channelSendKey, ChannelSendItem, deliveryPartition, deliveryReportKey, DeliveryReportItem, notificationMessageKey, NotificationMessageItem,
  NOTIFICATION_KEEP_DAYS, OPT_OUT_PREFIX, OptOutItem, optOutKey, preferencesKey, PreferencesItem, sentMessageKey, SentMessageItem,
  type MessagingProvider, type SendState,
} from './keys.js';

/** Stores the report unless the same status of the same message is already stored; true when stored. */
export async function putDeliveryReportOnce(report: DeliveryReportItem): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName,
      Item: { ...deliveryReportKey(report.provider, report.messageId, report.status), ...report },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Forgets a report whose follow-up failed, so the provider's retry records it and follows up again. */
export async function deleteDeliveryReport(provider: MessagingProvider, messageId: string, status: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: deliveryReportKey(provider, messageId, status) }));
}

/** Every report of one message (a handful at most), in status order. */
export async function deliveryReports(provider: MessagingProvider, messageId: string): Promise<DeliveryReportItem[]> {
  const { Items = [] } = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': deliveryPartition(provider, messageId) },
  }));
  return Items.map((item) => DeliveryReportItem.parse(item));
}

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';
const expiresAt = (now: Date) => Math.floor(now.getTime() / 1000) + NOTIFICATION_KEEP_DAYS * 86_400;

/** The user's chosen channels and opt-outs (one Query of their NOTIFY# items) and verified number (phones/keys.ts). */
export async function recipientChannelItems(userId: string): Promise<{ preferences: ChannelPreferences; optedOut: Set<PhoneChannel>; phone?: string }> {
  const [settings, phone] = await Promise.all([
    dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': preferencesKey(userId).pk, ':prefix': 'NOTIFY#' },
    })),
    dynamo().send(new GetCommand({ TableName: config.tableName, Key: verifiedPhoneKey(userId) })),
  ]);
  const items = settings.Items ?? [];
  const prefs = items.find((item) => item.sk === preferencesKey(userId).sk);
  const optedOut = new Set(items.filter((item) => String(item.sk).startsWith(OPT_OUT_PREFIX)).map((item) => OptOutItem.parse(item).channel));
  return {
    preferences: prefs ? PreferencesItem.parse(prefs).preferences : {},
    optedOut,
    ...(phone.Item ? { phone: VerifiedPhoneItem.parse(phone.Item).phone } : {}),
  };
}

export async function putPreferences(userId: string, preferences: ChannelPreferences, now: Date): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: { ...preferencesKey(userId), preferences, updatedAt: now.toISOString() } }));
}

export async function putOptOut(userId: string, item: OptOutItem): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: { ...optOutKey(userId, item.channel), ...item } }));
}

export async function deleteOptOut(userId: string, channel: PhoneChannel): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: optOutKey(userId, channel) }));
}

/**
 * The account a number (2547XXXXXXXX) is verified on (phones/keys.ts). The owner record can
 * outlive the number on that account (a deleted account's is taken over only when someone else
 * verifies it), so the account's own verified number must still be this one.
 */
export async function phoneOwner(phone: string): Promise<string | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: phoneOwnerKey(phone) }));
  if (!Item) return undefined;
  const { userId } = PhoneOwnerItem.parse(Item);
  const verified = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: verifiedPhoneKey(userId) }));
  return verified.Item && VerifiedPhoneItem.parse(verified.Item).phone === phone ? userId : undefined;
}

/** Keeps what each channel says; a retry's put of the same notification changes nothing. */
export async function putNotificationOnce(pk: string, message: NotificationMessageItem, now: Date): Promise<void> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName, Item: { ...notificationMessageKey(pk), ...message, expiresAt: expiresAt(now) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** The notification and every channel send of it (one Query). */
export async function notificationRecord(pk: string): Promise<{ message?: NotificationMessageItem; sends: ChannelSendItem[] }> {
  const { Items = [] } = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk },
  }));
  const message = Items.find((item) => item.sk === 'MESSAGE');
  return {
    ...(message ? { message: NotificationMessageItem.parse(message) } : {}),
    sends: Items.filter((item) => String(item.sk).startsWith('CHANNEL#')).map((item) => ChannelSendItem.parse(item)),
  };
}

/** Claims the send of `channel` before its provider is called: null when claimed, else the send already there. */
export async function claimChannelSend(pk: string, channel: Channel, now: Date): Promise<ChannelSendItem | null> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName,
      Item: { ...channelSendKey(pk, channel), channel, state: 'sending', at: now.toISOString(), expiresAt: expiresAt(now) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return null;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: channelSendKey(pk, channel), ConsistentRead: true }));
    return ChannelSendItem.parse(Item);
  }
}

export async function setChannelSend(pk: string, channel: Channel, state: SendState, details: { messageId?: string; reason?: string }, now: Date): Promise<void> {
  await dynamo().send(new PutCommand({
    TableName: config.tableName,
    Item: { ...channelSendKey(pk, channel), channel, state, ...details, at: now.toISOString(), expiresAt: expiresAt(now) },
  }));
}

/** Gives the claim back (an e-mail that failed: the retry sends it). */
export async function releaseChannelSend(pk: string, channel: Channel): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: channelSendKey(pk, channel) }));
}

export async function putSentMessage(provider: MessagingProvider, messageId: string, item: SentMessageItem, now: Date): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: { ...sentMessageKey(provider, messageId), ...item, expiresAt: expiresAt(now) } }));
}

export async function sentMessage(provider: MessagingProvider, messageId: string): Promise<SentMessageItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: sentMessageKey(provider, messageId) }));
  return Item ? SentMessageItem.parse(Item) : undefined;
}

/** Adds one to a day counter unless it holds `limit` already; false when full. */
export async function takeDayCount(key: { pk: string; sk: string }, limit: number, ttl: number): Promise<boolean> {
  if (limit <= 0) return false;
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: key,
      UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
      ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': ttl },
    }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function giveBackDayCount(key: { pk: string; sk: string }): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: key, UpdateExpression: 'ADD #count :minus',
    ConditionExpression: '#count > :zero', ExpressionAttributeNames: { '#count': 'count' }, ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
  })).catch((error: unknown) => { if (!isConditionFailure(error)) throw error; });
}

