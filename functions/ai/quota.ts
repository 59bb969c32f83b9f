/**
 * Daily AI quotas: per user, quiz generations and chat messages; for the
 * platform, model calls. A day is the Africa/Nairobi calendar day (East Africa Time, UTC+3, no
 * daylight saving): the students are in Kenya, so "today's quota" resets at their midnight
 * (21:00 UTC), not in the middle of their evening. Pure arithmetic here; the counters are
 * conditional updates in repository.ts.
 */

/** East Africa Time is UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Counters stay this long after their day ends (yesterday's usage on the admin dashboard), then TTL removes them. */
export const KEEP_COUNTERS_DAYS = 2;

export type QuotaKind = 'quiz' | 'chat';

/** The Nairobi calendar day of an instant, yyyy-mm-dd. */
export function nairobiDay(now: Date): string {
  return new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next Nairobi midnight after `now`: when today's quotas reset. */
export function quotaResetsAt(now: Date): Date {
  const day = nairobiDay(now);
  return new Date(Date.parse(`${day}T00:00:00Z`) - NAIROBI_OFFSET_MS + DAY_MS);
}

/** TTL (epoch seconds) of a day's counter: {@link KEEP_COUNTERS_DAYS} after the day ends. */
export function counterExpiresAt(now: Date): number {
  return Math.floor((quotaResetsAt(now).getTime() + KEEP_COUNTERS_DAYS * DAY_MS) / 1000);
}

/** Why the model may not be asked now, and until when. */
export interface QuotaRefusal { scope: 'user' | 'platform'; resetsAt: string }
