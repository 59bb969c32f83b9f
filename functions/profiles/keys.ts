/**
 * Profile items in the single table (docs/data-model.md); find-term items are in user-search.ts.
 *   profile        pk USER#{id}  sk PROFILE        gsi1 PROFILES / {createdAt}#{id}  (newest first)
 *   admin request  pk USER#{id}  sk ADMIN_REQUEST  gsi1 ADMIN_REQUEST#pending / {createdAt}#{id} (sparse)
 * Pure: keys, item builders and the schemas items are parsed with when read.
 */
import * as z from 'zod';
import { DEFAULT_MIN_NOTICE_HOURS, LEVELS } from '../tutors/catalog.js';
import { Profile } from './contract.js';

export const userPk = (userId: string) => `USER#${userId}`;
export const profileKey = (userId: string) => ({ pk: userPk(userId), sk: 'PROFILE' });
export const adminRequestKey = (userId: string) => ({ pk: userPk(userId), sk: 'ADMIN_REQUEST' });

/** gsi1: every profile, newest first. */
export const PROFILES_PARTITION = 'PROFILES';
/** gsi1: admin requests nobody has granted yet (sparse). */
export const PENDING_ADMIN_REQUESTS_PARTITION = 'ADMIN_REQUEST#pending';

/** A profile as stored, with its "all users, newest first" index keys. */
export function profileItem(profile: Profile): Record<string, unknown> {
  return {
    ...profileKey(profile.id),
    entity: 'Profile',
    gsi1pk: PROFILES_PARTITION,
    gsi1sk: `${profile.createdAt}#${profile.id}`,
    ...profile,
  };
}

export function pendingAdminRequestItem(profile: Pick<Profile, 'id' | 'email' | 'createdAt'>): Record<string, unknown> {
  return {
    ...adminRequestKey(profile.id),
    entity: 'AdminRequest',
    gsi1pk: PENDING_ADMIN_REQUESTS_PARTITION,
    gsi1sk: `${profile.createdAt}#${profile.id}`,
    userId: profile.id,
    email: profile.email,
    requestedAt: profile.createdAt,
    status: 'pending',
  };
}

/**
 * A stored profile (keys stripped). Lists added after launch default to empty for older items;
 * a tutor's notice to its default.
 */
export const ProfileItem = Profile.extend({
  expertise: z.array(z.string()).default([]),
  specializations: z.array(z.string()).default([]),
  preferredSubjects: z.array(z.string()).default([]),
  certifications: z.array(z.string()).default([]),
  levels: z.array(z.enum(LEVELS)).default([]),
}).transform((p): Profile => (p.role === 'tutor' && p.minNoticeHours === undefined ? { ...p, minNoticeHours: DEFAULT_MIN_NOTICE_HOURS } : p));

export const AdminRequestItem = z.object({ userId: z.string() });
