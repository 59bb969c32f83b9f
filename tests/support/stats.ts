/** The platform counters as the admin dashboard reads them: the sum of their shards (functions/admin/keys.ts). */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from './fixtures.js';

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
