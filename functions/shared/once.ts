/**
 * Side effects that must happen once although their trigger may arrive more than once
 * (SQS delivers at least once): e-mails. The marker is claimed before the work and released if
 * the work fails (so a retry does it), and records when it was done.
 *   pk ONCE#{key}  sk ONCE  claimedAt, doneAt
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws/dynamo.js';
import { config } from './config.js';

const onceKey = (key: string) => ({ pk: `ONCE#${key}`, sk: 'ONCE' });

/** Runs `work` unless it was already done (or is being done) for `key`; true when it ran. */
export async function doOnce(key: string, work: () => Promise<void>, now = new Date()): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName, Item: { ...onceKey(key), claimedAt: now.toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
  try {
    await work();
  } catch (error) {
    // Let the redelivery try again.
    await dynamo().send(new DeleteCommand({ TableName: config.tableName, Key: onceKey(key) }));
    throw error;
  }
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: onceKey(key),
    UpdateExpression: 'SET doneAt = :at', ExpressionAttributeValues: { ':at': new Date().toISOString() },
  }));
  return true;
}
