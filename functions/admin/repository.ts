/** Admin reads of the platform counters (keys.ts). Every call is a bounded Get or Query. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import {
  PlatformCountersItem, platformStatsKey, STATS_PARTITION, weeklyStatsSk, WeeklyCountersItem, type PlatformCounters,
  type WeeklyCounters,
} from './keys.js';

export async function platformCounters(): Promise<PlatformCounters> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: platformStatsKey }));
  return PlatformCountersItem.parse(out.Item ?? {});
}

/** The weekly counters from `fromWeek` on, by week (weeks nothing happened in have no item). */
export async function weeklyCounters(fromWeek: string): Promise<Map<string, WeeklyCounters>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': STATS_PARTITION, ':from': weeklyStatsSk(fromWeek) },
  }));
  return new Map((out.Items ?? []).map((item) => WeeklyCountersItem.parse(item)).map((w) => [w.week, w]));
}
