/**
 * Reports on time: a day after each lesson that took place (the lessons job's `report-due` work)
 * the lesson counts in its tutor's share, and a tutor without an approved report gets one
 * reminder. Apart from service.ts so the lesson-work worker does not carry the AI draft's code.
 */
import type { Booking } from '../bookings/contract.js';
import { reportReminderEmail } from '../notifications/templates.js';
import { getProfile } from '../profiles/service.js';
import { config } from '../shared/config.js';
import { sendEmail } from '../shared/email.js';
import { doOnce } from '../shared/once.js';
import { countReportDue, getReport, getReportShare } from './repository.js';
import { canEditReport, expectsReport, onTimeShare, reportEditableUntil, reportOnTime } from './rules.js';

type Lesson = Pick<Booking, 'id' | 'tutorId' | 'studentId' | 'subject' | 'status' | 'scheduledAt' | 'durationMinutes' | 'completedAt' | 'completedBy' | 'learner'>;

/**
 * A day after the lesson (REPORT_DUE_HOURS), from the lessons job: the lesson counts in its
 * tutor's on-time share (once, however often the job runs), and a tutor who has not approved a
 * report yet gets one reminder while it can still be written.
 */
export async function settleReportDeadline(
  lesson: Lesson, at: Date, appOrigin = config.appOrigin,
): Promise<void> {
  if (!expectsReport(lesson)) return;
  const report = await getReport(lesson.id);
  const onTime = reportOnTime(lesson, report?.firstApprovedAt);
  await countReportDue(lesson.id, lesson.tutorId, onTime, at.toISOString());
  const editableUntil = report?.editableUntil ?? reportEditableUntil(lesson);
  if (report?.firstApprovedAt || !canEditReport(editableUntil, at)) return;
  await doOnce(`report-reminder#${lesson.id}`, async () => {
    const [tutor, payer] = await Promise.all([getProfile(lesson.tutorId), getProfile(lesson.studentId)]);
    if (!tutor) throw new Error(`Lesson ${lesson.id}: its tutor's profile is missing`);
    const studentName = lesson.learner?.firstName ?? (payer ? `${payer.firstName} ${payer.lastName}` : '');
    await sendEmail(reportReminderEmail(lesson, tutor, studentName, editableUntil, appOrigin));
  }, at);
}

/** The tutor's share of lessons reported within a day: to the tutor and super admins, never public. */
export async function reportShareOf(tutorId: string): Promise<{ due: number; onTime: number; percent: number | null }> {
  const { due, onTime } = await getReportShare(tutorId);
  return { due, onTime, percent: onTimeShare(due, onTime) };
}
