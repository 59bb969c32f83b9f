/** The platform counters as the admin dashboard reads them: the sum of their shards (functions/admin/keys.ts). */
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { clientConfig } from '../../infra/local/emulators/provision.js';
import { eventually, stack } from './api.js';
import { table } from './fixtures.js';

/**
 * Waits until the platform-stats consumer has nothing queued or in hand: every sign-up, booking and
 * payment so far is counted, so a test can read the counters before its own action and expect an exact change.
 */
export async function countersSettled(timeoutMs = 30_000): Promise<void> {
  const { resources } = stack();
  const sqs = new SQSClient(clientConfig(resources));
  await eventually(async () => {
    const out = await sqs.send(new GetQueueAttributesCommand({
      QueueUrl: resources.queues['platform-stats'], AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }));
    return out.Attributes?.ApproximateNumberOfMessages === '0' && out.Attributes.ApproximateNumberOfMessagesNotVisible === '0';
  }, timeoutMs);
}

export async function platformCounters(): Promise<Record<string, number>> {
  const { doc, name } = table();
  const out = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': 'STATS', ':p': 'PLATFORM' }, ConsistentRead: true,
  }));
  const sum: Record<string, number> = {};
  for (const item of out.Items ?? []) {
    for (const [key, value] of Object.entries(item)) if (typeof value === 'number') sum[key] = (sum[key] ?? 0) + value;
  }
  return sum;
}

/** The counters of the week starting `monday` (yyyy-mm-dd), summed over shards. */
export async function weekCounters(monday: string): Promise<Record<string, number>> {
  const { doc, name } = table();
  const out = await doc.send(new QueryCommand({
    TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': 'STATS', ':p': `WEEK#${monday}` }, ConsistentRead: true,
  }));
  const sum: Record<string, number> = {};
  for (const item of out.Items ?? []) {
    for (const [key, value] of Object.entries(item)) if (typeof value === 'number') sum[key] = (sum[key] ?? 0) + value;
  }
  return sum;
}
