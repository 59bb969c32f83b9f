/**
 * The platform counters, owned by admin (its dashboard is their only reader). Other domains add
 * to them inside their own transactions with the Update builders below, so a count never drifts
 * from the items it counts:
 *   totals   pk STATS  sk PLATFORM        users, students, tutors, superAdmins, pendingKyc, revenueMinor, paidBookings
 *   weekly   pk STATS  sk WEEK#{monday}   signUps, bookings, revenueMinor
 * Pure: keys, item schemas and transaction-item builders only (callers add TableName).
 */
import * as z from 'zod';
import type { Role } from '../auth/roles.js';
import { weekOf } from '../shared/time.js';

export const STATS_PARTITION = 'STATS';
const WEEK_PREFIX = 'WEEK#';

export const platformStatsKey = { pk: STATS_PARTITION, sk: 'PLATFORM' } as const;
export const weeklyStatsSk = (week: string) => `${WEEK_PREFIX}${week}`;
const weeklyStatsKey = (date: Date) => ({ pk: STATS_PARTITION, sk: weeklyStatsSk(weekOf(date)) });

/** A counter nobody has added to yet reads as 0. */
const counter = z.number().default(0);

export const PlatformCountersItem = z.object({
  users: counter, students: counter, tutors: counter, superAdmins: counter,
  pendingKyc: counter, revenueMinor: counter, paidBookings: counter,
});
export type PlatformCounters = z.infer<typeof PlatformCountersItem>;

export const WeeklyCountersItem = z.object({ sk: z.string().startsWith(WEEK_PREFIX), signUps: counter, bookings: counter, revenueMinor: counter })
  .transform(({ sk, ...counts }) => ({ week: sk.slice(WEEK_PREFIX.length), ...counts }));
export type WeeklyCounters = z.infer<typeof WeeklyCountersItem>;

/** The platform counter of each role. */
export const roleCounter: Record<Role, keyof PlatformCounters> = { student: 'students', tutor: 'tutors', super_admin: 'superAdmins' };

function addTo<K extends string>(Key: { pk: string; sk: string }, amounts: Partial<Record<K, number>>) {
  const entries = Object.entries(amounts).filter((entry): entry is [string, number] => entry[1] !== undefined);
  return {
    Key,
    UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, amount], i) => [`:c${i}`, amount])),
  };
}

/** A transaction's Update adding to the platform totals (negative amounts subtract). */
export const addToPlatformCounters = (amounts: Partial<Record<keyof PlatformCounters, number>>) => addTo(platformStatsKey, amounts);

/** A transaction's Update adding to the counters of the week `date` falls in. */
export const addToWeeklyCounters = (date: Date, amounts: Partial<Record<keyof Omit<WeeklyCounters, 'week'>, number>>) =>
  addTo(weeklyStatsKey(date), amounts);
