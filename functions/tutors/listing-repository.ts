/**
 * The tutor search index (rules in listing.ts, keys in keys.ts). Items live in the tutor's
 * partition and are found through gsi1.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { batchWrite } from '../shared/batch.js';
import { config } from '../shared/config.js';
import type { TutorCard } from './contract.js';
import {
  LISTING_PREFIXES, ListingCardItem, listingItems, ListingKeyItem, RatingOrderItem, SORT_PREFIXES, tutorPk, type ListingEntries,
} from './keys.js';
import type { BrowsePlan } from './listing.js';

async function existingIndexKeys(tutorId: string): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of LISTING_PREFIXES) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':p': prefix },
        ProjectionExpression: 'sk',
        ExclusiveStartKey: startKey,
      }));
      for (const item of out.Items ?? []) keys.push(ListingKeyItem.parse(item).sk);
      startKey = out.LastEvaluatedKey;
    } while (startKey);
  }
  return keys;
}

/** Makes the tutor's index entries exactly `entries` (or none, for `null`). */
export async function replaceListing(tutorId: string, entries: ListingEntries | null): Promise<void> {
  const wanted = entries ? listingItems(tutorId, entries) : new Map<string, Record<string, unknown>>();
  const stale = (await existingIndexKeys(tutorId)).filter((sk) => !wanted.has(sk));
  await batchWrite(config.tableName, [
    ...stale.map((sk) => ({ DeleteRequest: { Key: { pk: tutorPk(tutorId), sk } } })),
    ...[...wanted.values()].map((item) => ({ PutRequest: { Item: item } })),
  ]);
}

/**
 * Moves the tutor's rating order entries (`BYRATING#{facet}`, one per facet) to `sortKey`, writing
 * only those not already there; the other entries do not depend on the rating. An entry a
 * rebuild deleted meanwhile (the tutor dropped a subject) stays deleted. Returns the items written.
 */
export async function moveRatingOrder(tutorId: string, sortKey: string): Promise<number> {
  const entries: RatingOrderItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':p': SORT_PREFIXES.rating },
      ProjectionExpression: 'sk, gsi1sk',
      ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) entries.push(RatingOrderItem.parse(item));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  const moving = entries.filter((e) => e.gsi1sk !== sortKey);
  await Promise.all(moving.map(async (e) => {
    try {
      await dynamo().send(new UpdateCommand({
        TableName: config.tableName, Key: { pk: tutorPk(tutorId), sk: e.sk },
        UpdateExpression: 'SET gsi1sk = :k', ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':k': sortKey },
      }));
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }));
  return moving.length;
}

export interface ListingPage { cards: TutorCard[]; lastKey?: Record<string, string>; readCalls: number; itemsRead: number }

/**
 * One page of a browse: Query the plan's partition in rank order, filtering by words/subject/level/
 * grade/curriculum where the partition does not already hold only those. Reads at most `maxCalls` DynamoDB pages per request, so a rare word
 * costs a bounded amount and continues through the cursor.
 */
export async function queryListing(plan: BrowsePlan, limit: number, startKey?: Record<string, string>, maxCalls = 4): Promise<ListingPage> {
  const values: Record<string, unknown> = { ':p': plan.partition };
  const filters: string[] = [];
  plan.words.forEach((w, i) => {
    filters.push(`contains(searchText, :w${i})`);
    values[`:w${i}`] = ` ${w}`; // words start at a space: "mat" matches "mathematics", not "format"
  });
  if (plan.subject) { filters.push('contains(subjectsKey, :s)'); values[':s'] = `|${plan.subject}|`; }
  if (plan.level) { filters.push('contains(levelsKey, :l)'); values[':l'] = `|${plan.level}|`; }
  if (plan.grade) { filters.push('contains(gradesKey, :g)'); values[':g'] = `|${plan.grade}|`; }
  if (plan.curriculum) { filters.push('contains(curriculaKey, :c)'); values[':c'] = `|${plan.curriculum}|`; }
  if (plan.price) {
    filters.push('price BETWEEN :minPrice AND :maxPrice');
    values[':minPrice'] = plan.price.min;
    values[':maxPrice'] = plan.price.max;
  }
  if (plan.keyRange) { values[':from'] = plan.keyRange.from; values[':to'] = plan.keyRange.to; }

  const cards: TutorCard[] = [];
  let lastKey = startKey;
  let readCalls = 0;
  let itemsRead = 0;
  let lastItem: ListingCardItem | undefined;
  while (readCalls < maxCalls) {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: plan.keyRange ? 'gsi1pk = :p AND gsi1sk BETWEEN :from AND :to' : 'gsi1pk = :p',
      ...(plan.descending ? { ScanIndexForward: false } : {}),
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeValues: values,
      ProjectionExpression: 'pk, sk, gsi1pk, gsi1sk, card',
      // Without filters every item read is a result; with filters read wider pages.
      Limit: filters.length ? Math.max(limit * 4, 100) : limit - cards.length + 1,
      ExclusiveStartKey: lastKey,
    }));
    readCalls++;
    itemsRead += out.ScannedCount ?? 0;
    const items = out.Items ?? [];
    lastKey = out.LastEvaluatedKey as Record<string, string> | undefined;
    for (const item of items) {
      if (cards.length === limit) {
        // A further match exists: the next page starts after the last card returned.
        const { pk, sk, gsi1pk, gsi1sk } = lastItem!;
        return { cards, lastKey: { pk, sk, gsi1pk, gsi1sk }, readCalls, itemsRead };
      }
      lastItem = ListingCardItem.parse(item);
      cards.push(lastItem.card);
    }
    if (!lastKey) return { cards, readCalls, itemsRead };
  }
  // Read budget spent: continue from where the reading stopped.
  return { cards, ...(lastKey ? { lastKey } : {}), readCalls, itemsRead };
}
