/** The platform counters (keys.ts): reads sum the shards in one Query; additions once per occurrence. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { addOnce } from '../shared/counted.js';
import {
  addToPlatformCounters, addToWeeklyCounters, PLATFORM_PREFIX, PlatformCountersItem, STATS_PARTITION, sumCounters, weeklyStatsSk,
  WeeklyCountersItem, type PlatformAmounts, type PlatformCounters, type WeeklyAmounts, type WeeklyCounters,
} from './keys.js';

async function queryAll(condition: string, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, KeyConditionExpression: `pk = :pk AND ${condition}`,
      ExpressionAttributeValues: { ':pk': STATS_PARTITION, ...values }, ExclusiveStartKey: start,
    }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

const PLATFORM_NAMES = Object.keys(PlatformCountersItem.shape) as Array<keyof PlatformCounters>;

export async function platformCounters(): Promise<PlatformCounters> {
  const shards = (await queryAll('begins_with(sk, :prefix)', { ':prefix': PLATFORM_PREFIX })).map((item) => PlatformCountersItem.parse(item));
  return shards.length ? sumCounters(shards, PLATFORM_NAMES) : PlatformCountersItem.parse({});
}

/** The weekly counters from `fromWeek` on, by week (weeks nothing happened in have no item). */
export async function weeklyCounters(fromWeek: string): Promise<Map<string, WeeklyCounters>> {
  const weeks = new Map<string, WeeklyCounters>();
  for (const item of await queryAll('sk >= :from', { ':from': weeklyStatsSk(fromWeek) })) {
    const shard = WeeklyCountersItem.parse(item);
    const seen = weeks.get(shard.week);
    weeks.set(shard.week, seen ? sumCounters([seen, shard], ['signUps', 'bookings', 'revenueMinor']) : shard);
  }
  return weeks;
}

/**
 * Adds `platform` to the totals and `weekly` to the week of `at`, once for the occurrence `what`/`id`
 * (a redelivered event adds nothing). False when it was already counted.
 */
export async function countOnce(what: string, id: string, at: Date, amounts: { platform?: PlatformAmounts; weekly?: WeeklyAmounts }): Promise<boolean> {
  const any = (amounts: object | undefined) => Object.values(amounts ?? {}).some((v) => v);
  return addOnce(`stats#${what}`, id, [
    ...(any(amounts.platform) ? [addToPlatformCounters(amounts.platform!)] : []),
    ...(any(amounts.weekly) ? [addToWeeklyCounters(at, amounts.weekly!)] : []),
  ]);
}
