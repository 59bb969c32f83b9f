/** Admin reads: counters and the "newest" indexes. Every call is a bounded Get or Query. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../profiles/contract.js';
import { platformStatsKey } from '../profiles/repository.js';
import { findPartition, isFirstMatch } from '../profiles/user-search.js';
import { dynamo } from '../shared/aws.js';
import { config } from '../shared/config.js';
import { Gsi1Key } from '../shared/cursor.js';

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

export interface Page<T> { items: T[]; lastKey?: Gsi1Key }

const keyOf = (item: Record<string, unknown>): Gsi1Key => Gsi1Key.parse(item);

/** Profiles, newest first. Reads one more than asked, so a cursor is given only when more exist. */
export async function newestProfiles(limit: number, startKey?: Gsi1Key): Promise<Page<Profile>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'PROFILES' }, ScanIndexForward: false, Limit: limit + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  }));
  const items = out.Items ?? [];
  const page = items.slice(0, limit);
  return {
    items: page as unknown as Profile[],
    ...(items.length > limit ? { lastKey: keyOf(page[page.length - 1]!) } : {}),
  };
}

/**
 * Users with a name or e-mail starting with `prefix` (already in search form), in term order:
 * one Query on the prefix's USERFIND partition with begins_with, each user once
 * (user-search.ts). Reads at most `maxCalls` pages; the cursor continues.
 */
export async function findUserIds(prefix: string, limit: number, startKey?: Gsi1Key, maxCalls = 3): Promise<Page<string>> {
  const ids: string[] = [];
  let lastKey: Record<string, unknown> | undefined = startKey;
  let lastTaken: Record<string, unknown> | undefined;
  for (let calls = 0; calls < maxCalls; calls++) {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p AND begins_with(gsi1sk, :q)',
      ExpressionAttributeValues: { ':p': findPartition(prefix), ':q': prefix },
      ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk, userId, kind, terms',
      // A user has up to three terms: read enough to fill the page in one call as a rule.
      Limit: Math.max(limit * 3, 30),
      ...(lastKey ? { ExclusiveStartKey: lastKey } : {}),
    }));
    lastKey = out.LastEvaluatedKey;
    for (const item of out.Items ?? []) {
      if (!isFirstMatch(item as Parameters<typeof isFirstMatch>[0], prefix)) continue;
      if (ids.length === limit) return { items: ids, lastKey: keyOf(lastTaken!) }; // more exist
      ids.push(item.userId as string);
      lastTaken = item;
    }
    if (!lastKey) return { items: ids };
  }
  // Read budget spent: continue from where the reading stopped.
  return { items: ids, ...(lastKey ? { lastKey: keyOf(lastKey) } : {}) };
}

export async function pendingAdminRequestIds(limit: number): Promise<string[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'ADMIN_REQUEST#pending' }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((i) => i.userId as string);
}


