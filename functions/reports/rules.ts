/**
 * Lesson report rules, without zod (the SPA's form loads these): the edit window, the revision
 * rules, the limits, the performance choices and the API's texts.
 */

/** A report may be written, changed and approved until this long after its lesson ended. */
export const REPORT_EDIT_HOURS = 48;
export const PERFORMANCE_LEVELS = ['struggled', 'getting_there', 'confident', 'excelled'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];

export const REPORT_LIMITS = {
  topics: 10,
  topicLength: 80,
  homeworkLength: 1000,
  nextStepsLength: 1000,
  privateNoteLength: 1000,
  /** The tutor's few words for "Draft it for me". */
  draftWordsLength: 500,
} as const;

export const reportMessages = {
  notYourLesson: 'Only the tutor who taught this lesson can write its report.',
  notAllowed: 'You cannot see this lesson\'s report.',
  notCompleted: 'A report can be written once the lesson has taken place.',
  editClosed: `Reports can be written and changed for ${REPORT_EDIT_HOURS} hours after the lesson ends.`,
  stale: 'This report changed in another window. Reload it to see the latest version, then try again.',
  incomplete: 'Add at least one topic, how the learner did and the next steps before approving.',
  saved: 'Report saved. It is not visible to the family until you approve it.',
  approved: 'Report approved and shared with the family.',
  draftFailed: 'We could not draft the report just now. Please try again or write it yourself.',
} as const;

const HOUR_MS = 60 * 60 * 1000;

/** When the lesson ended: the moment it was completed, or else its scheduled end. */
export function lessonEndedAt(lesson: { scheduledAt: string; durationMinutes: number; completedAt?: string }): string {
  if (lesson.completedAt) return new Date(lesson.completedAt).toISOString();
  return new Date(Date.parse(lesson.scheduledAt) + lesson.durationMinutes * 60_000).toISOString();
}

/** Until when the report may be saved and approved. */
export function reportEditableUntil(lesson: { scheduledAt: string; durationMinutes: number; completedAt?: string }): string {
  return new Date(Date.parse(lessonEndedAt(lesson)) + REPORT_EDIT_HOURS * HOUR_MS).toISOString();
}

export const canEditReport = (editableUntil: string, now: Date) => now.getTime() < Date.parse(editableUntil);

/** A report approved this long after the lesson counts as on time; one still missing then gets its tutor one reminder. */
export const REPORT_DUE_HOURS = 24;

/** Until when a report counts as written on time. */
export function reportDueAt(lesson: { scheduledAt: string; durationMinutes: number; completedAt?: string }): string {
  return new Date(Date.parse(lessonEndedAt(lesson)) + REPORT_DUE_HOURS * HOUR_MS).toISOString();
}

/**
 * Whether the lesson asks its tutor for a report: one that took place. A lesson completed because
 * the student never came has nothing to report on.
 */
export const expectsReport = (lesson: { status: string; completedBy?: string }) =>
  lesson.status === 'completed' && lesson.completedBy !== 'student_no_show';

/** Whether the report was first approved by its due time. */
export const reportOnTime = (lesson: { scheduledAt: string; durationMinutes: number; completedAt?: string }, firstApprovedAt: string | undefined) =>
  firstApprovedAt !== undefined && Date.parse(firstApprovedAt) <= Date.parse(reportDueAt(lesson));

/** The tutor's share of reported-on-time lessons, in whole percent; null before any lesson came due. */
export const onTimeShare = (due: number, onTime: number): number | null => (due > 0 ? Math.round((onTime / due) * 100) : null);

/** The fields a report is made of (the working copy and each approved version). */
export interface ReportFields {
  topics: string[];
  performance?: PerformanceLevel;
  homework?: { text: string; dueDate?: string };
  nextSteps?: string;
  privateNote?: string;
}

/** A working copy may be saved half-written; only a complete one is approved. */
export const readyToApprove = (fields: ReportFields) =>
  fields.topics.length > 0 && fields.performance !== undefined && Boolean(fields.nextSteps?.trim());

export type ApproveOutcome = 'approve' | 'already_approved' | 'stale';

/**
 * What approving `revision` means for a report at `current` whose approved one is `approved`:
 * approving what is already approved changes nothing (a double click, a retry); approving
 * anything but the newest saved revision is stale (the tutor approves what they see).
 */
export function approveOutcome(revision: number, current: number, approved: number | undefined): ApproveOutcome {
  if (approved === revision && current === revision) return 'already_approved';
  return revision === current ? 'approve' : 'stale';
}

/** The sort key part of an approved version: its revision, zero-padded so versions sort in order. */
export const versionNumber = (revision: number) => String(revision).padStart(4, '0');
