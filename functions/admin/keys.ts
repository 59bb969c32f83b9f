/**
 * The platform counters, owned by admin (its dashboard is their only reader). No item that every
 * user's transaction writes: each counter is split over COUNTER_SHARDS items, a write adds to one
 * shard picked at random, and a read sums the shards (one Query). The busy counts (sign-ups,
 * bookings, payments) are added outside the user's transaction by the platform-stats consumer
 * from the events, once per occurrence (functions/shared/counted.ts); rare writers (KYC
 * submissions and reviews, role grants, processed refunds) add inside their own transaction, to
 * a random shard.
 *   totals   pk STATS  sk PLATFORM#{shard}         users, students, parents, tutors, superAdmins, pendingKyc, revenueMinor, paidBookings
 *   weekly   pk STATS  sk WEEK#{monday}#{shard}    signUps, bookings, revenueMinor
 * Items from before the split (sk PLATFORM, WEEK#{monday}) are summed with the shards.
 * Pure: keys, item schemas and transaction-item builders only (callers add TableName).
 */
import * as z from 'zod';
import type { Role } from '../auth/roles.js';
import { weekOf } from '../shared/time.js';

export const STATS_PARTITION = 'STATS';
const WEEK_PREFIX = 'WEEK#';
export const PLATFORM_PREFIX = 'PLATFORM';
/** Enough that the consumers' concurrent additions rarely meet on one item; reads are rare (admin). */
export const COUNTER_SHARDS = 16;

const randomShard = () => Math.floor(Math.random() * COUNTER_SHARDS);
export const platformStatsKey = (shard = randomShard()) => ({ pk: STATS_PARTITION, sk: `${PLATFORM_PREFIX}#${shard}` });
export const weeklyStatsSk = (week: string) => `${WEEK_PREFIX}${week}`;
const weeklyStatsKey = (date: Date, shard = randomShard()) => ({ pk: STATS_PARTITION, sk: `${weeklyStatsSk(weekOf(date))}#${shard}` });

/** A counter nobody has added to yet reads as 0. */
const counter = z.number().default(0);

export const PlatformCountersItem = z.object({
  users: counter, students: counter, parents: counter, tutors: counter, superAdmins: counter,
  pendingKyc: counter, revenueMinor: counter, paidBookings: counter,
});
export type PlatformCounters = z.infer<typeof PlatformCountersItem>;

/** A week's shard (or the week's item from before the split): the week is the 10 characters after WEEK#. */
export const WeeklyCountersItem = z.object({ sk: z.string().startsWith(WEEK_PREFIX), signUps: counter, bookings: counter, revenueMinor: counter })
  .transform(({ sk, ...counts }) => ({ week: sk.slice(WEEK_PREFIX.length, WEEK_PREFIX.length + 10), ...counts }));
export type WeeklyCounters = z.infer<typeof WeeklyCountersItem>;

/** The platform counter of each role. */
export const roleCounter: Record<Role, keyof PlatformCounters> = { student: 'students', parent: 'parents', tutor: 'tutors', super_admin: 'superAdmins' };

function addTo<K extends string>(Key: { pk: string; sk: string }, amounts: Partial<Record<K, number>>) {
  const entries = Object.entries(amounts).filter((entry): entry is [string, number] => entry[1] !== undefined);
  return {
    Key,
    UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, amount], i) => [`:c${i}`, amount])),
  };
}

export type PlatformAmounts = Partial<Record<keyof PlatformCounters, number>>;
export type WeeklyAmounts = Partial<Record<keyof Omit<WeeklyCounters, 'week'>, number>>;

/** An Update adding to one shard of the platform totals (negative amounts subtract). */
export const addToPlatformCounters = (amounts: PlatformAmounts) => addTo(platformStatsKey(), amounts);

/** An Update adding to one shard of the counters of the week `date` falls in. */
export const addToWeeklyCounters = (date: Date, amounts: WeeklyAmounts) => addTo(weeklyStatsKey(date), amounts);

/** Sums shards of counters (the zod defaults make a missing counter 0). */
export function sumCounters<T extends Record<string, unknown>>(items: readonly T[], names: ReadonlyArray<keyof T>): T {
  const sum = { ...items[0] } as Record<string, unknown>;
  for (const name of names) sum[name as string] = items.reduce((total, item) => total + (item[name] as number), 0);
  return sum as T;
}
