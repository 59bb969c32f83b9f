/** Admin reads: counters and the "newest" indexes. Every call is a bounded Get or Query. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../profiles/contract.js';
import { platformStatsKey } from '../profiles/repository.js';
import { dynamo } from '../shared/aws.js';
import { config } from '../shared/config.js';

export async function platformCounters(): Promise<Record<string, number>> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: platformStatsKey }));
  return (out.Item ?? {}) as Record<string, number>;
}

export async function weeklyCounters(fromWeek: string): Promise<Map<string, Record<string, number>>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': 'STATS', ':from': `WEEK#${fromWeek}` },
  }));
  return new Map((out.Items ?? []).map((i) => [(i.sk as string).slice(5), i as Record<string, number>]));
}

export async function newestProfiles(limit: number): Promise<Profile[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'PROFILES' }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []) as unknown as Profile[];
}

export async function pendingAdminRequestIds(limit: number): Promise<string[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'ADMIN_REQUEST#pending' }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((i) => i.userId as string);
}


