/**
 * The lessons job (definitions.schedules `lessons`, every 5 minutes) finds the lesson work that
 * came due since its last run and sends one message per lesson and kind to the `lesson-work`
 * queue (definitions.workQueues); the worker (live/workers/lesson-work.ts) e-mails the 24 h and
 * 1 h reminders, completes lessons both parties attended once their end has passed, and settles
 * no-shows after the end plus a grace (rules in lesson-rules.ts).
 *
 * Work proportional to what is due: each kind is a slice of the paid lessons index (gsi3, by
 * start time) as wide as the time since the last run (dueSlices), so a run reads the lessons
 * whose marks passed, never the day's. A cursor item records the last finished run; a run after
 * an outage catches up from it (at most CATCH_UP_MS). A moved lesson sits at its new time in the
 * index; a cancelled one is no longer confirmed: neither is sent, and the worker checks again.
 * Safe to run twice or overlapping: the worker acts once per lesson and kind however often a
 * message arrives. "Now" is the run's scheduled time, so a retry works on the same window.
 */
import type { Booking } from '../../bookings/contract.js';
import { DURATIONS } from '../../bookings/catalog.js';
import { paidLessonsStartingBetween } from '../../bookings/service.js';
import { advanceJobCursor, readJobCursor } from '../../shared/job-cursor.js';
import { scheduledJob } from '../../shared/job.js';
import { enqueueWork } from '../../shared/work-queue.js';
import { dueSlices, dueWindowStart, workStillDue, type DueSlice } from './lesson-rules.js';
import type { LessonWork } from '../workers/lesson-work-contract.js';

export const LESSON_WORK_QUEUE = 'lesson-work';

/** The index takes [from, to) of start instants; a slice is (after, until]. */
const justAfter = (at: Date) => new Date(at.getTime() + 1);

async function lessonsIn(slice: DueSlice): Promise<Booking[]> {
  const lessons = await paidLessonsStartingBetween(justAfter(slice.startAfter), justAfter(slice.startUntil));
  return slice.durationMinutes ? lessons.filter((lesson) => lesson.durationMinutes === slice.durationMinutes) : lessons;
}

export const handler = scheduledJob('lessons', async ({ scheduledTime: now }) => {
  const from = dueWindowStart(await readJobCursor('lessons'), now);
  const slices = dueSlices(from, now, DURATIONS);
  const found = await Promise.all(slices.map(async (slice) => ({ slice, lessons: await lessonsIn(slice) })));
  const work: LessonWork[] = found.flatMap(({ slice, lessons }) => lessons
    .filter((lesson) => workStillDue(slice.kind, lesson, now))
    .map((lesson) => ({ bookingId: lesson.id, kind: slice.kind, scheduledAt: lesson.scheduledAt, at: now.toISOString() })));
  await enqueueWork(LESSON_WORK_QUEUE, work);
  await advanceJobCursor('lessons', now);
  const sent = (kind: string) => work.filter((w) => w.kind === kind).length;
  return {
    from: from.toISOString(),
    lessonsRead: found.reduce((n, { lessons }) => n + lessons.length, 0),
    reminders: sent('reminder-24h') + sent('reminder-1h'),
    completions: sent('complete'),
    settlements: sent('settle'),
  };
});
