/**
 * The `lesson-work` worker (definitions.workQueues): one lesson's reminder, completion or
 * no-show settlement, as the lessons job (live/jobs/lessons.ts) found it due. Reminders go by the
 * reader's chosen channel (functions/messaging/notify.ts). Decides on the
 * booking as it is now stored: a lesson moved since the message was sent (another start) or no
 * longer confirmed and paid is left alone. Once per lesson and kind however often a message
 * arrives: each e-mail behind a once-only marker per booking, reminder and recipient;
 * completeLesson and settleNoShow complete, refund and announce once.
 */
import type { Booking } from '../../bookings/contract.js';
import { settleNoShow } from '../../bookings/cancel-service.js';
import { completeLesson, getBooking } from '../../bookings/service.js';
import { lessonReminderEmail } from '../../notifications/templates.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { notify } from '../../messaging/notify.js';
import { doOnce } from '../../shared/once.js';
import { workConsumer } from '../../shared/work-queue.js';
import { settleReportDeadline } from '../../reports/timeliness.js';
import { classRecordOf } from '../service.js';
import { absentParty, partiesWhoJoined, readyToComplete, workStillDue, type ReminderKind } from '../jobs/lesson-rules.js';
import { LessonWork } from './lesson-work-contract.js';

/** Once per lesson, reminder and recipient; a moved lesson's key names its move, so its reminders go out again. */
export const reminderOnceKey = (lesson: Pick<Booking, 'id' | 'rescheduledAt'>, kind: string, recipientId: string) =>
  `lesson-reminder#${lesson.id}#${kind}#${recipientId}${lesson.rescheduledAt ? `#moved-${lesson.rescheduledAt}` : ''}`;

async function remind(lesson: Booking, kind: ReminderKind, at: Date): Promise<void> {
  const people = new Map((await getProfiles([lesson.studentId, lesson.tutorId])).map((p) => [p.id, p]));
  const student = people.get(lesson.studentId);
  const tutor = people.get(lesson.tutorId);
  if (!student || !tutor) throw new Error(`Lesson ${lesson.id}: a participant's profile is missing`);
  for (const [reader, other] of [[student, tutor], [tutor, student]] as const) {
    const email = lessonReminderEmail(lesson, reader, other, kind, config.appOrigin);
    // By the channel the reader chose for reminders (SMS by default with a verified number).
    const subjectId = reminderOnceKey(lesson, kind, reader.id).slice('lesson-reminder#'.length);
    await doOnce(reminderOnceKey(lesson, kind, reader.id), async () => {
      await notify({
        kind: 'lessonReminder', subjectId, recipient: reader, email,
        values: { subject: lesson.subject, otherName: `${other.firstName} ${other.lastName}`, scheduledAt: lesson.scheduledAt, timeZone: reader.timeZone, lead: kind },
      });
    }, at);
  }
}

/** At the end: completed when both came. At the end plus grace: completed, or settled by who stayed away. */
async function settle(lesson: Booking, finalSettlement: boolean, at: Date): Promise<void> {
  const { attendance, endedAt } = await classRecordOf(lesson.id);
  const joined = partiesWhoJoined(lesson, attendance);
  if (readyToComplete(lesson, joined, at)) {
    await completeLesson(lesson.id, 'time_passed', at);
    return;
  }
  if (!finalSettlement) return;
  // The tutor's End settles at once; this finishes one whose request died before it could.
  const absent = absentParty(lesson, joined, at, endedAt ? new Date(endedAt) : undefined);
  if (absent) await settleNoShow(lesson, absent, at);
}

export async function doLessonWork(work: LessonWork): Promise<void> {
  const at = new Date(work.at);
  const stored = await getBooking(work.bookingId);
  if (!stored || stored.scheduledAt !== work.scheduledAt || !workStillDue(work.kind, stored, at)) return;
  const { lockedHours: _hours, ...lesson } = stored;
  switch (work.kind) {
    case 'reminder-24h': return remind(lesson, '24h', at);
    case 'reminder-1h': return remind(lesson, '1h', at);
    case 'complete': return settle(lesson, false, at);
    case 'settle': return settle(lesson, true, at);
    case 'report-due': return settleReportDeadline(lesson, at);
  }
}

export const handler = workConsumer('lesson-work', LessonWork, doLessonWork);
