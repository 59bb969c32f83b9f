/**
 * The study assistant's conversations (keys.ts): bounded Queries of the student's own partition,
 * and transactions, so an exchange or a deletion is written whole or not at all.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { CHAT_LIMITS, type ChatMessage, type ConversationSummary } from './contract.js';
import {
  chatPartition, conversationKey, ConversationHeadItem, HEAD_PREFIX, messageKey, MessageItem, messagesPrefix,
} from './keys.js';

/** Expired items DynamoDB has not removed yet (TTL may lag up to two days) are left out. */
const live = (nowSeconds: number) => (item: { expiresAt: number }) => item.expiresAt > nowSeconds;

async function queryPrefix(userId: string, prefix: string, limit: number): Promise<Record<string, unknown>[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': chatPartition(userId), ':prefix': prefix },
    Limit: limit,
  }));
  return out.Items ?? [];
}

const withoutExpiry = <T extends { expiresAt: number }>({ expiresAt: _expiresAt, ...rest }: T) => rest;

/** The student's conversations, newest first. At most conversationsKept are kept, plus a few TTL has not removed yet. */
export async function conversationHeads(userId: string, nowSeconds: number): Promise<ConversationSummary[]> {
  const items = await queryPrefix(userId, HEAD_PREFIX, CHAT_LIMITS.conversationsKept * 3);
  return items.map((item) => ConversationHeadItem.parse(item)).filter(live(nowSeconds))
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .map(withoutExpiry);
}

export async function conversationHead(userId: string, conversationId: string, nowSeconds: number): Promise<ConversationSummary | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: conversationKey(userId, conversationId) }));
  const head = out.Item ? ConversationHeadItem.parse(out.Item) : undefined;
  return head && live(nowSeconds)(head) ? withoutExpiry(head) : undefined;
}

/** A conversation's messages in the order written (at most messagesPerConversation exist). */
export async function conversationMessages(userId: string, conversationId: string, nowSeconds: number): Promise<ChatMessage[]> {
  const items = await queryPrefix(userId, messagesPrefix(conversationId), CHAT_LIMITS.messagesPerConversation);
  return items.map((item) => MessageItem.parse(item)).filter(live(nowSeconds)).map(withoutExpiry);
}

/** The exchange could not be saved: the conversation changed meanwhile (another message, or deleted). */
export class ConversationChanged extends Error {}

/**
 * Saves the student's message and the reply, and the head (new, or the one read with
 * `previousCount` messages: a message sent meanwhile from another tab cancels this one).
 */
export async function saveExchange(
  userId: string, head: ConversationSummary, previousCount: number | null, messages: readonly ChatMessage[], expiresAt: number,
): Promise<void> {
  const TableName = config.tableName;
  const key = conversationKey(userId, head.id);
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName, Item: { ...key, ...head, expiresAt },
            ...(previousCount === null
              ? { ConditionExpression: 'attribute_not_exists(pk)' }
              : { ConditionExpression: 'messageCount = :previous', ExpressionAttributeValues: { ':previous': previousCount } }),
          },
        },
        ...messages.map((message, i) => ({
          Put: { TableName, Item: { ...messageKey(userId, head.id, (previousCount ?? 0) + i), ...message, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' },
        })),
      ],
    });
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) throw new ConversationChanged();
    throw error;
  }
}

/** Deletes the conversation's head and messages in one transaction; false when it does not exist. */
export async function deleteConversationItems(userId: string, conversationId: string): Promise<boolean> {
  const head = conversationKey(userId, conversationId);
  const messages = await queryPrefix(userId, messagesPrefix(conversationId), CHAT_LIMITS.messagesPerConversation);
  try {
    await transactWrite({
      TransactItems: [
        { Delete: { TableName: config.tableName, Key: head, ConditionExpression: 'attribute_exists(pk)' } },
        ...messages.map((item) => ({ Delete: { TableName: config.tableName, Key: { pk: item.pk, sk: item.sk } } })),
      ],
    });
    return true;
  } catch (error) {
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
    throw error;
  }
}
