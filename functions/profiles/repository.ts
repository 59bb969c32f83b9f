/**
 * Profiles in the single table. Key design (docs/data-model.md):
 *   profile        pk USER#{id}        sk PROFILE         gsi1 PROFILES / {createdAt}#{id}  (newest first)
 *   admin request  pk USER#{id}        sk ADMIN_REQUEST   gsi1 ADMIN_REQUEST#pending / {createdAt} (sparse)
 *   counters       pk STATS            sk PLATFORM        users, students, tutors, superAdmins
 *   find terms     pk USER#{id}        sk FIND#{kind}     gsi1 USERFIND#{c} / {term}#{id}   (user-search.ts)
 */
import { GetCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { UpdateProfileRequest } from '../tutors/contract.js';
import { weeklyStatsKey } from '../shared/time.js';
import { DEFAULT_MIN_NOTICE_HOURS } from '../tutors/catalog.js';
import type { Role } from '../auth/roles.js';
import { dynamo } from '../shared/aws.js';
import { transactWrite } from '../shared/transact.js';
import { batchGet, batchWrite } from '../shared/batch.js';
import { config } from '../shared/config.js';
import type { Profile } from './contract.js';
import { findItems } from './user-search.js';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export const profileKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' });
const adminRequestKey = (userId: string) => ({ pk: `USER#${userId}`, sk: 'ADMIN_REQUEST' });
export const platformStatsKey = { pk: 'STATS', sk: 'PLATFORM' } as const;

const roleCounter: Record<Role, string> = { student: 'students', tutor: 'tutors', super_admin: 'superAdmins' };

function toProfile(item: Record<string, unknown>): Profile {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g1s, entity: _e, ...rest } = item;
  // Lists added after launch default to empty for older items; tutors' notice to its default.
  const defaults = {
    levels: [], expertise: [], specializations: [], preferredSubjects: [], certifications: [],
    ...(rest.role === 'tutor' ? { minNoticeHours: DEFAULT_MIN_NOTICE_HOURS } : {}),
  };
  return { ...defaults, ...rest } as unknown as Profile;
}

/** A profile as stored, with its "all users, newest first" index keys. */
export function profileItem(profile: Profile): Record<string, unknown> {
  return {
    ...profileKey(profile.id),
    entity: 'Profile',
    gsi1pk: 'PROFILES',
    gsi1sk: `${profile.createdAt}#${profile.id}`,
    ...profile,
  };
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: profileKey(userId) }));
  return out.Item ? toProfile(out.Item) : null;
}

/** The profiles of these users, in the same order; users without a profile are left out. */
export async function getProfiles(userIds: readonly string[]): Promise<Profile[]> {
  const unique = [...new Set(userIds)];
  const byId = new Map((await batchGet(config.tableName, unique.map(profileKey)))
    .map((item) => [item.id as string, toProfile(item)]));
  return unique.map((id) => byId.get(id)).filter((p): p is Profile => p !== undefined);
}

/**
 * Writes a new user's profile, the platform counters and (for "admin" sign-ups) the pending admin
 * request in one transaction: all or nothing, and never twice for the same id.
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
    {
      Update: {
        TableName: config.tableName,
        Key: platformStatsKey,
        UpdateExpression: 'ADD #users :one, #role :one',
        ExpressionAttributeNames: { '#users': 'users', '#role': roleCounter[profile.role] },
        ExpressionAttributeValues: { ':one': 1 },
      },
    },  {
      Update: {
        TableName: config.tableName,
        Key: weeklyStatsKey(new Date(profile.createdAt)),
        UpdateExpression: 'ADD signUps :one',
        ExpressionAttributeValues: { ':one': 1 },
      },
    },
    // Findable by name and e-mail (admin User Management) from the moment it exists.
    ...findItems(profile).map((item): TransactItem => ({ Put: { TableName: config.tableName, Item: item } })),
  ];
  if (profile.adminRequest === 'pending') {
    items.push({
      Put: {
        TableName: config.tableName,
        Item: {
          ...adminRequestKey(profile.id),
          entity: 'AdminRequest',
          gsi1pk: 'ADMIN_REQUEST#pending',
          gsi1sk: `${profile.createdAt}#${profile.id}`,
          userId: profile.id,
          email: profile.email,
          requestedAt: profile.createdAt,
          status: 'pending',
        },
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
    {
      Update: {
        TableName: config.tableName,
        Key: platformStatsKey,
        UpdateExpression: 'ADD #from :minus, #to :one',
        ExpressionAttributeNames: { '#from': roleCounter[from], '#to': roleCounter[to] },
        ExpressionAttributeValues: { ':one': 1, ':minus': -1 },
      },
    },
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
  return { profile: toProfile({ ...old, profilePhotoUrl: url }), previousUrl };
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
    const profile = toProfile(out.Attributes);
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
