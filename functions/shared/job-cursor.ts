/**
 * How far a timed job has done its work: the scheduled time of its last finished run, so the next
 * run works only on what came due since (and catches up runs that were missed).
 *   pk JOBCURSOR#{job}  sk JOBCURSOR  doneUntil (ISO)
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws/dynamo.js';
import { config } from './config.js';

const cursorKey = (job: string) => ({ pk: `JOBCURSOR#${job}`, sk: 'JOBCURSOR' });

export async function readJobCursor(job: string): Promise<Date | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: cursorKey(job), ConsistentRead: true }));
  const doneUntil = out.Item?.doneUntil;
  return typeof doneUntil === 'string' ? new Date(doneUntil) : undefined;
}

/** Moves the cursor forward to `to`, never back (an overlapping or retried earlier run leaves a later cursor alone). */
export async function advanceJobCursor(job: string, to: Date): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: cursorKey(job),
      UpdateExpression: 'SET doneUntil = :to', ConditionExpression: 'attribute_not_exists(doneUntil) OR doneUntil < :to',
      ExpressionAttributeValues: { ':to': to.toISOString() },
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
