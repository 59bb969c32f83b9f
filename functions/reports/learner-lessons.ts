/**
 * A learner's lessons held over a span, as progress by subject counts them: each lesson of their
 * history (a no-show left out), with the approved topics and homework (due date, done) once its
 * report is approved. Its own module, apart
 * from homework.ts (uploads) and service.ts (the AI draft), so a reader's bundle stays small.
 */
import * as repository from './repository.js';

export interface ReportedLesson {
  bookingId: string;
  subject: string;
  scheduledAt: string;
  topics: string[];
  homework: { dueDate?: string; done: boolean } | null;
}

/** Lessons of `ownerId` (a child's learner id, or an adult student's own) scheduled in [from, to): one Query and one BatchGet per 100. */
export async function reportedLessonsBetween(ownerId: string, from: Date, to: Date): Promise<ReportedLesson[]> {
  const lessons = await repository.familyLessonsBetween(ownerId, from.toISOString(), to.toISOString());
  const reports = await repository.getReports(lessons.map((lesson) => lesson.bookingId));
  return lessons.flatMap((lesson): ReportedLesson[] => {
    if (lesson.missed) return [];
    const report = reports.get(lesson.bookingId);
    const approved = report?.approvedAt ? report.approved : undefined;
    const homework = approved?.homework
      ? { ...(approved.homework.dueDate ? { dueDate: approved.homework.dueDate } : {}), done: Boolean(report?.homeworkDoneAt) }
      : null;
    return [{ bookingId: lesson.bookingId, subject: lesson.subject, scheduledAt: lesson.scheduledAt, topics: [...approved?.topics ?? []], homework }];
  });
}
