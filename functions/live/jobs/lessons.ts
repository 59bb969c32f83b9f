/**
 * The lessons job (definitions.schedules `lessons`, every 5 minutes): e-mails both parties of a
 * paid lesson 24 hours and 1 hour before it, and completes lessons whose end has passed once both
 * joined, and settles no-shows after the end plus a grace (rules in lesson-rules.ts). Lessons come from bookings' paid lessons index, a Query per
 * UTC day, never a Scan. Safe to run twice or overlapping: each e-mail is sent once (a once-only
 * marker per booking, reminder and recipient), and completeLesson completes and announces once.
 * "Now" is the run's scheduled time, so a retry works on the same window.
 */
import type { Booking } from '../../bookings/contract.js';
import { completeLesson, paidLessonsStartingBetween } from '../../bookings/service.js';
import { lessonReminderEmail } from '../../notifications/templates.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { sendEmail } from '../../shared/email.js';
import { scheduledJob } from '../../shared/job.js';
import { doOnce } from '../../shared/once.js';
import { classRecordOf } from '../service.js';
import { settleNoShow } from '../../bookings/cancel-service.js';
import { absentParty, awaitsCompletion, COMPLETION_LOOKBACK_MS, dueReminder, readyToComplete, REMINDER_HORIZON_MS } from './lesson-rules.js';

/** A minute past the horizon: a lesson exactly 24 h ahead is due its reminder now. */
const LOOKAHEAD_MS = REMINDER_HORIZON_MS + 60_000;

/** Once per lesson, reminder and recipient; a moved lesson's key names its move, so its reminders go out again. */
export const reminderOnceKey = (lesson: Pick<Booking, 'id' | 'rescheduledAt'>, kind: string, recipientId: string) =>
  `lesson-reminder#${lesson.id}#${kind}#${recipientId}${lesson.rescheduledAt ? `#moved-${lesson.rescheduledAt}` : ''}`;

async function sendDueReminders(lessons: readonly Booking[], now: Date): Promise<number> {
  const due = lessons.flatMap((lesson) => {
    const reminder = dueReminder(lesson, now);
    return reminder ? [{ lesson, reminder }] : [];
  });
  if (!due.length) return 0;
  const people = new Map((await getProfiles(due.flatMap(({ lesson }) => [lesson.studentId, lesson.tutorId]))).map((p) => [p.id, p]));
  let sent = 0;
  for (const { lesson, reminder } of due) {
    const student = people.get(lesson.studentId);
    const tutor = people.get(lesson.tutorId);
    if (!student || !tutor) throw new Error(`Lesson ${lesson.id}: a participant's profile is missing`);
    for (const [reader, other] of [[student, tutor], [tutor, student]] as const) {
      const email = lessonReminderEmail(lesson, reader, other, reminder.kind, config.appOrigin);
      if (await doOnce(reminderOnceKey(lesson, reminder.kind, reader.id), () => sendEmail(email), now)) sent += 1;
    }
  }
  return sent;
}

async function completeFinishedLessons(lessons: readonly Booking[], now: Date): Promise<{ completed: number; noShows: number }> {
  let completed = 0;
  let noShows = 0;
  for (const lesson of lessons) {
    // Attendance is read only for lessons that could complete now.
    if (!awaitsCompletion(lesson, now)) continue;
    const { attendance, endedAt } = await classRecordOf(lesson.id);
    const joined = new Set(attendance.map((entry) => entry.userId));
    if (readyToComplete(lesson, joined, now)) {
      if (await completeLesson(lesson.id, 'time_passed', now)) completed += 1;
      continue;
    }
    // The tutor's End settles at once; this finishes one whose request died before it could.
    const absent = absentParty(lesson, joined, now, endedAt ? new Date(endedAt) : undefined);
    if (absent && await settleNoShow(lesson, absent, now)) noShows += 1;
  }
  return { completed, noShows };
}

export const handler = scheduledJob('lessons', async ({ scheduledTime: now }) => {
  const lessons = await paidLessonsStartingBetween(new Date(now.getTime() - COMPLETION_LOOKBACK_MS), new Date(now.getTime() + LOOKAHEAD_MS));
  const remindersSent = await sendDueReminders(lessons, now);
  const { completed, noShows } = await completeFinishedLessons(lessons, now);
  return { lessons: lessons.length, remindersSent, completed, noShows };
});
