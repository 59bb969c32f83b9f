/**
 * Profiles in the single table; keys and item schemas in keys.ts (docs/data-model.md). The
 * platform counters a profile change moves are admin's (admin/keys.ts), written in the same
 * transaction. Items are parsed when read: a corrupt profile is a 500, not a half-shown user.
 */
import { GetCommand, QueryCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { addToPlatformCounters, roleCounter } from '../admin/keys.js';
import type { UpdateProfileRequest } from '../tutors/contract.js';
import type { Role } from '../auth/roles.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { transactWrite } from '../shared/transact.js';
import { batchGet, batchWrite } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { Gsi1Key } from '../shared/cursor.js';
import type { Profile } from './contract.js';
import {
  AdminRequestItem, adminRequestKey, pendingAdminRequestItem, PENDING_ADMIN_REQUESTS_PARTITION, profileItem, ProfileItem,
  profileKey, PROFILES_PARTITION,
} from './keys.js';
import { FindItem, findItems, findPartition, isFirstMatch } from './user-search.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export async function getProfile(userId: string): Promise<Profile | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: profileKey(userId) }));
  return out.Item ? ProfileItem.parse(out.Item) : null;
}

/** The profiles of these users, in the same order; users without a profile are left out. */
export async function getProfiles(userIds: readonly string[]): Promise<Profile[]> {
  const unique = [...new Set(userIds)];
  const byId = new Map((await batchGet(config.tableName, unique.map(profileKey)))
    .map((item) => ProfileItem.parse(item)).map((p) => [p.id, p]));
  return unique.map((id) => byId.get(id)).filter((p): p is Profile => p !== undefined);
}

/**
 * Writes a new user's profile and (for "admin" sign-ups) the pending admin request in one
 * transaction: all or nothing, and never twice for the same id. The platform counters count the
 * sign-up from its UserSignedUp event (admin's platform-stats consumer), outside this transaction.
 */
export async function createProfile(profile: Profile): Promise<void> {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: config.tableName,
        Item: profileItem(profile),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    // Findable by name and e-mail (admin User Management) from the moment it exists.
    ...findItems(profile).map((item): TransactItem => ({ Put: { TableName: config.tableName, Item: item } })),
  ];
  if (profile.adminRequest === 'pending') {
    items.push({
      Put: {
        TableName: config.tableName,
        Item: pendingAdminRequestItem(profile),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    });
  }
  await transactWrite({ TransactItems: items });
}

/** Moves a user to a new role: profile, counters and any pending admin request change together. */
export async function changeRole(userId: string, from: Role, to: Role, grantedBy: string, at: string): Promise<void> {
  const items: TransactItem[] = [
    {
      Update: {
        TableName: config.tableName,
        Key: profileKey(userId),
        UpdateExpression: 'SET #role = :to, adminRequest = :granted',
        ConditionExpression: 'attribute_exists(pk) AND #role = :from',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':to': to, ':from': from, ':granted': 'granted' },
      },
    },
    { Update: { TableName: config.tableName, ...addToPlatformCounters({ [roleCounter[from]]: -1, [roleCounter[to]]: 1 }) } },
  ];
  await transactWrite({ TransactItems: items });
  // The request leaves the sparse "pending" index; it stays as an audit record of who granted it.
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName,
    Key: adminRequestKey(userId),
    UpdateExpression: 'SET #status = :granted, grantedBy = :by, grantedAt = :at REMOVE gsi1pk, gsi1sk',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':granted': 'granted', ':by': grantedBy, ':at': at },
  })).catch((error: Error) => {
    if (error.name !== 'ConditionalCheckFailedException') throw error; // no request: granted directly
  });
}

/**
 * Sets the profile photo URL of an existing profile. Returns the updated profile and the URL it
 * replaced, read atomically with the write (so a replaced photo is known exactly once).
 */
export async function setProfilePhotoUrl(userId: string, url: string): Promise<{ profile: Profile; previousUrl?: string }> {
  const out = await dynamo().send(new UpdateCommand({
    TableName: config.tableName,
    Key: profileKey(userId),
    UpdateExpression: 'SET profilePhotoUrl = :url',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':url': url },
    ReturnValues: 'ALL_OLD',
  }));
  const old = out.Attributes ?? {};
  const previousUrl = typeof old.profilePhotoUrl === 'string' ? old.profilePhotoUrl : undefined;
  return { profile: ProfileItem.parse({ ...old, profilePhotoUrl: url }), previousUrl };
}

/**
 * Applies a profile change; `null` removes a field (e.g. an hourly rate back to the default).
 * Returns the profile as stored afterwards, or null when there is no profile.
 */
export async function updateProfileFields(userId: string, changes: Partial<Record<keyof UpdateProfileRequest, unknown>>): Promise<Profile | null> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  Object.entries(changes).forEach(([field, value], i) => {
    if (value === undefined) return;
    names[`#f${i}`] = field;
    if (value === null) removes.push(`#f${i}`);
    else { values[`:v${i}`] = value; sets.push(`#f${i} = :v${i}`); }
  });
  if (!sets.length && !removes.length) return getProfile(userId);
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: config.tableName,
      Key: profileKey(userId),
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim(),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
      ReturnValues: 'ALL_NEW',
    }));
    if (!out.Attributes) return null;
    const profile = ProfileItem.parse(out.Attributes);
    // A new name is found by its new terms (same keys: the old terms are overwritten).
    if (changes.firstName !== undefined || changes.lastName !== undefined) {
      await batchWrite(config.tableName, findItems(profile).map((Item) => ({ PutRequest: { Item } })));
    }
    return profile;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/**
 * Suspends (a suspension) or reinstates (null) the account. Returns the profile as it was before,
 * or null when there is none.
 */
export async function setSuspension(userId: string, suspension: NonNullable<Profile['suspension']> | null): Promise<Profile | null> {
  try {
    const out = await dynamo().send(new UpdateCommand({
      TableName: config.tableName,
      Key: profileKey(userId),
      UpdateExpression: suspension ? 'SET suspension = :s' : 'REMOVE suspension',
      ConditionExpression: 'attribute_exists(pk)',
      ...(suspension ? { ExpressionAttributeValues: { ':s': suspension } } : {}),
      ReturnValues: 'ALL_OLD',
    }));
    return out.Attributes ? ProfileItem.parse(out.Attributes) : null;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return null;
    throw error;
  }
}

/** A tutor's verification status (KYC review decides it; demo data sets it directly). */
export async function setKycStatus(userId: string, status: NonNullable<Profile['kycStatus']>): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName,
    Key: profileKey(userId),
    UpdateExpression: 'SET kycStatus = :s',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':s': status },
  }));
}

/** Marks the tutor verified; false when already verified (so only one caller announces it). */
export async function approveTutorKyc(tutorId: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: profileKey(tutorId),
      UpdateExpression: 'SET kycStatus = :approved',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(kycStatus) OR kycStatus <> :approved)',
      ExpressionAttributeValues: { ':approved': 'approved' },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export interface Page<T> { items: T[]; lastKey?: Gsi1Key }

const keyOf = (item: Record<string, unknown>): Gsi1Key => Gsi1Key.parse(item);

/** Profiles, newest first. Reads one more than asked, so a cursor is given only when more exist. */
export async function newestProfiles(limit: number, startKey?: Gsi1Key): Promise<Page<Profile>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': PROFILES_PARTITION }, ScanIndexForward: false, Limit: limit + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  }));
  const items = out.Items ?? [];
  const page = items.slice(0, limit);
  return {
    items: page.map((item) => ProfileItem.parse(item)),
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
      const found = FindItem.parse(item);
      if (!isFirstMatch(found, prefix)) continue;
      if (ids.length === limit) return { items: ids, lastKey: keyOf(lastTaken!) }; // more exist
      ids.push(found.userId);
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
    ExpressionAttributeValues: { ':p': PENDING_ADMIN_REQUESTS_PARTITION }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => AdminRequestItem.parse(item).userId);
}
