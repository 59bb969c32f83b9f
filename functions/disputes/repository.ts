/**
 * The only code that reads or writes dispute items (keys.ts). Writes that move the ledger's hold
 * go through the ledger's service with these items (holdEarnings, liftHold), one transaction each.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import type { Gsi1Key } from '../shared/cursor.js';
import { disputeDecidedUpdate, DisputeItem, disputeKey, OPEN_DISPUTES_PARTITION, openListKey, studentDisputesPartition, type DisputeDecision } from './keys.js';

export async function getDispute(bookingId: string): Promise<DisputeItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: disputeKey(bookingId), ConsistentRead: true }));
  return out.Item ? DisputeItem.parse(out.Item) : null;
}

/** open → decided without a ledger change (a refund: the ledger moves when the provider says processed). False when not open. */
export async function markDecided(bookingId: string, status: DisputeItem['status'], decision: DisputeDecision): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...disputeDecidedUpdate(bookingId, status, decision).Update }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Open disputes, oldest first: a page of `limit`, and the key to go on from when more exist. */
export async function openDisputes(limit: number, startKey?: Gsi1Key): Promise<{ items: DisputeItem[]; lastKey?: Gsi1Key }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': OPEN_DISPUTES_PARTITION },
    ScanIndexForward: true, Limit: limit + 1, ExclusiveStartKey: startKey,
  }));
  const items = (out.Items ?? []).map((i) => DisputeItem.parse(i));
  if (items.length <= limit) return { items };
  const page = items.slice(0, limit);
  return { items: page, lastKey: openListKey(page[page.length - 1]!) };
}

/** Every dispute of a student (at most one per taught lesson of theirs), newest first. */
export async function studentDisputes(studentId: string): Promise<DisputeItem[]> {
  const items: DisputeItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': studentDisputesPartition(studentId) },
      ScanIndexForward: false, ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []).map((i) => DisputeItem.parse(i)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}
