/**
 * Lesson report items (docs/data-model.md):
 *   report   pk REPORT#{bookingId}  sk REPORT          the working copy, its revision counter, the
 *            approved revision and its fields, when it was first and last approved, until when it may change
 *   version  pk REPORT#{bookingId}  sk VERSION#{nnnn}  each approved version as the family saw it (nnnn: its revision)
 *   deadline pk REPORT#{bookingId}  sk DEADLINE         the lesson's report came due: counted in its tutor's share, once
 *   share    pk REPORTSHARE#{tutorId} sk REPORTSHARE    the tutor's lessons whose report came due, and those reported on time
 *   lesson   pk FAMILYLESSONS#{ownerId}  sk LESSON#{scheduledAt}#{bookingId}
 *            a held lesson in its learner's history (ownerId: the child's learner id, or the
 *            adult student's own id), written when the lesson is held (LessonCompleted) or its
 *            report first approved, whichever comes first; neither overwrites the other
 * Read by key only: the lesson's id names the report's partition, the tutor's id their share
 * (written once per lesson of that tutor, never by other users' work); a learner's history is
 * one Query of their partition, newest first, a page at a time.
 */
import * as z from 'zod';
import { PERFORMANCE_LEVELS, versionNumber } from './rules.js';

export const reportKey = (bookingId: string) => ({ pk: `REPORT#${bookingId}`, sk: 'REPORT' });
export const reportVersionKey = (bookingId: string, revision: number) => ({ pk: `REPORT#${bookingId}`, sk: `VERSION#${versionNumber(revision)}` });

export const reportDeadlineKey = (bookingId: string) => ({ pk: `REPORT#${bookingId}`, sk: 'DEADLINE' });
export const reportShareKey = (tutorId: string) => ({ pk: `REPORTSHARE#${tutorId}`, sk: 'REPORTSHARE' });

export const ReportShareItem = z.object({ due: z.number().int().default(0), onTime: z.number().int().default(0) });
export type ReportShareItem = z.infer<typeof ReportShareItem>;

export const StoredFields = z.object({
  topics: z.array(z.string()),
  performance: z.enum(PERFORMANCE_LEVELS).optional(),
  homework: z.object({ text: z.string(), dueDate: z.string().optional() }).optional(),
  nextSteps: z.string().optional(),
  privateNote: z.string().optional(),
});

export const ReportItem = z.object({
  bookingId: z.string(),
  tutorId: z.string(),
  /** The payer (a parent for a child's lesson). */
  studentId: z.string(),
  learnerId: z.string().optional(),
  subject: z.string(),
  working: StoredFields,
  /** Goes up by one with every save; writes are conditional on the revision the writer read. */
  revision: z.number().int(),
  editableUntil: z.string(),
  updatedAt: z.string(),
  approvedRevision: z.number().int().optional(),
  approved: StoredFields.optional(),
  approvedAt: z.string().optional(),
  firstApprovedAt: z.string().optional(),
  /** The family marked the approved homework done (kept while the report changes: the work was done). */
  homeworkDoneAt: z.string().optional(),
  homeworkDoneBy: z.string().optional(),
  /** A photo of the work, private under lessons/{bookingId}/homework/. */
  homeworkPhoto: z.object({ key: z.string(), contentType: z.string(), size: z.number() }).optional(),
});
export type ReportItem = z.infer<typeof ReportItem>;

export const ReportVersionItem = z.object({
  bookingId: z.string(),
  revision: z.number().int(),
  fields: StoredFields,
  approvedAt: z.string(),
  approvedBy: z.string(),
});
export type ReportVersionItem = z.infer<typeof ReportVersionItem>;

export const familyLessonsPartition = (ownerId: string) => `FAMILYLESSONS#${ownerId}`;
export const FAMILY_LESSON_PREFIX = 'LESSON#';
export const familyLessonKey = (ownerId: string, scheduledAt: string, bookingId: string) =>
  ({ pk: familyLessonsPartition(ownerId), sk: `${FAMILY_LESSON_PREFIX}${scheduledAt}#${bookingId}` });

/** A lesson in a learner's history: what the list shows without reading the booking. */
export const FamilyLessonItem = z.object({
  sk: z.string(),
  bookingId: z.string(),
  ownerId: z.string(),
  subject: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  tutorId: z.string(),
  /** The student did not come (the booking's completedBy student_no_show). */
  missed: z.boolean().optional(),
});
export type FamilyLessonItem = z.infer<typeof FamilyLessonItem>;

/** Where a homework photo is kept once checked (private; signed links only). */
export const homeworkPhotoKey = (bookingId: string, name: string) => `lessons/${bookingId}/homework/${name}`;
