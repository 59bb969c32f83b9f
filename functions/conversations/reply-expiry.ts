/**
 * When a tutor's response time must be computed again without a new reply: the day its oldest
 * sample leaves the 30-day window. The reply-times item carries that day in a sparse index
 * (keys.replyExpiryKeys), so the daily job reads only the tutors whose figure changes that day,
 * never every tutor, and nothing is computed on read.
 */
import { REPLY_WINDOW_DAYS, type ReplySample } from './rules.js';

const DAY_MS = 86_400_000;

/** The UTC day (yyyy-mm-dd) the oldest sample leaves the window; undefined without samples. */
export function expiryDayOf(samples: readonly ReplySample[]): string | undefined {
  if (samples.length === 0) return undefined;
  const oldest = Math.min(...samples.map((s) => Date.parse(s.at)));
  return new Date(oldest + REPLY_WINDOW_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The expiry days a run at `now` reads: from the day its last finished run covered (that day
 * again, as a sample expiring later that day was left on it) through today. A first run looks
 * back one window: no sample can have expired on a day before that.
 */
export function expiryDaysToRead(doneUntil: Date | undefined, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = doneUntil
    ? Math.max(Date.UTC(doneUntil.getUTCFullYear(), doneUntil.getUTCMonth(), doneUntil.getUTCDate()), today - (REPLY_WINDOW_DAYS + 1) * DAY_MS)
    : today - (REPLY_WINDOW_DAYS + 1) * DAY_MS;
  const days: string[] = [];
  for (let day = from; day <= today; day += DAY_MS) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

/** The samples still inside the window at `now`. */
export function withinWindow(samples: readonly ReplySample[], now: Date): ReplySample[] {
  const since = now.getTime() - REPLY_WINDOW_DAYS * DAY_MS;
  return samples.filter((s) => Date.parse(s.at) >= since);
}
