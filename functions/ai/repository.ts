/** The AI usage counters (keys.ts): conditional adds, and reads for today's figures. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { giveBackUpdate, takeOneUpdate, UsageItem, type Usage, type UsageCounter } from './keys.js';

type Key = { pk: string; sk: string };

/** True when the counter was below `limit` and now holds one more; false when the limit is reached. */
export async function takeOne(key: Key, counter: UsageCounter, limit: number, expiresAt: number): Promise<boolean> {
  if (limit <= 0) return false;
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...takeOneUpdate(key, counter, limit, expiresAt) }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function giveBack(key: Key, counter: UsageCounter): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({ TableName: config.tableName, ...giveBackUpdate(key, counter) }));
  } catch (error) {
    // Already at 0 (or gone by TTL): nothing to give back.
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

export async function usage(key: Key): Promise<Usage> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: key }));
  return UsageItem.parse(out.Item ?? {});
}
