/**
 * Keeps every tutor's response time true as samples age out of the 30-day window, not only when
 * a new first reply arrives: the daily reply-times job recomputes just the tutors whose oldest
 * sample expires on the days since its last run (reply-expiry.ts), so its work is proportional to
 * the samples expiring, and a tutor left with no samples shows nothing.
 */
import { advanceJobCursor, readJobCursor } from '../shared/job-cursor.js';
import { setReplyHours } from '../tutors/service.js';
import { expiryDaysToRead, withinWindow } from './reply-expiry.js';
import { changeReplySamples, tutorsExpiringOn } from './reply-times-repository.js';
import { replyWithinHours } from './rules.js';

export const REPLY_TIMES_JOB = 'reply-times';

/** Drops the tutor's expired samples and stores the median (and the figure profiles show) again. */
export async function refreshReplyTimes(tutorId: string, now: Date): Promise<void> {
  const medianMs = await changeReplySamples(tutorId, (samples) => withinWindow(samples, now), now);
  await setReplyHours(tutorId, medianMs === undefined ? undefined : replyWithinHours(medianMs));
}

/** The job's run at `now`: the tutors on each expiry day since its last run. Safe to run twice. */
export async function refreshExpiredReplyTimes(now: Date): Promise<{ days: number; tutors: number }> {
  const days = expiryDaysToRead(await readJobCursor(REPLY_TIMES_JOB), now);
  let tutors = 0;
  for (const day of days) {
    for await (const page of tutorsExpiringOn(day)) {
      for (const tutorId of page) await refreshReplyTimes(tutorId, now);
      tutors += page.length;
    }
  }
  // The cursor stays on today: a sample expiring later today is still on today's day, read again tomorrow.
  await advanceJobCursor(REPLY_TIMES_JOB, now);
  return { days: days.length, tutors };
}
