/** Lesson reports contract, shared by the API and the SPA. */
import * as z from 'zod';
import { LearnerChoice } from '../households/learner-choice.js';
import { RecordId } from '../shared/contract.js';
import { HOMEWORK_LIMITS } from './homework-rules.js';
import { userText } from '../shared/text.js';
import { PERFORMANCE_LEVELS, REPORT_LIMITS } from './rules.js';

export { PERFORMANCE_LEVELS, REPORT_EDIT_HOURS, REPORT_LIMITS, reportMessages } from './rules.js';
export { dueState, HOMEWORK_LIMITS, homeworkMessages, todayIn, type DueState } from './homework-rules.js';

const Topic = userText().trim().min(1, 'A topic cannot be empty').max(REPORT_LIMITS.topicLength, `Topics are at most ${REPORT_LIMITS.topicLength} characters`);
const Performance = z.enum(PERFORMANCE_LEVELS, { error: 'Choose how the learner did' });
const Homework = z.object({
  text: userText().trim().min(1, 'Describe the homework').max(REPORT_LIMITS.homeworkLength, `Homework is at most ${REPORT_LIMITS.homeworkLength} characters`),
  /** yyyy-mm-dd */
  dueDate: z.iso.date({ error: 'Give the due date as a date' }).optional(),
});
const NextSteps = userText().trim().max(REPORT_LIMITS.nextStepsLength, `Next steps are at most ${REPORT_LIMITS.nextStepsLength} characters`);

/** What the family sees of a report. */
export const ReportFields = z.object({
  topics: z.array(z.string()),
  performance: Performance.optional(),
  homework: z.object({ text: z.string(), dueDate: z.string().optional() }).optional(),
  nextSteps: z.string().optional(),
});
/** The family marked the homework done: when, and a short-lived signed link to the photo of the work if one was added. */
export const HomeworkDone = z.object({ doneAt: z.string(), photoUrl: z.string().optional() });
export type HomeworkDone = z.infer<typeof HomeworkDone>;

/** The tutor's own copy: also their private note. */
export const TutorReportFields = ReportFields.extend({ privateNote: z.string().optional() });

export const SaveReportRequest = z.object({
  /** The revision the tutor's form was loaded at (0: no report yet). A newer one stored: 409. */
  revision: z.number({ error: 'Reload the report and try again' }).int().min(0),
  topics: z.array(Topic).max(REPORT_LIMITS.topics, `At most ${REPORT_LIMITS.topics} topics`),
  performance: Performance.optional(),
  homework: Homework.optional(),
  nextSteps: NextSteps.optional(),
  privateNote: userText().trim().max(REPORT_LIMITS.privateNoteLength, `The private note is at most ${REPORT_LIMITS.privateNoteLength} characters`).optional(),
});
export type SaveReportRequest = z.input<typeof SaveReportRequest>;

export const ApproveReportRequest = z.object({
  /** The revision the tutor read and approves. */
  revision: z.number({ error: 'Reload the report and try again' }).int().min(1),
});

export const DraftReportRequest = z.object({
  words: userText().trim().min(1, 'Write a few words about the lesson').max(REPORT_LIMITS.draftWordsLength, `At most ${REPORT_LIMITS.draftWordsLength} characters`),
});

/** The tutor's view: the working copy and the approved version (with the private note in both). */
export const TutorReport = z.object({
  bookingId: z.string(),
  revision: z.number().int(),
  working: TutorReportFields,
  updatedAt: z.string(),
  approved: z.object({ revision: z.number().int(), approvedAt: z.string(), firstApprovedAt: z.string(), fields: TutorReportFields }).nullable(),
  /** Whether the family marked the approved homework done (in the GET only). */
  homeworkDone: HomeworkDone.nullable().optional(),
});
export type TutorReport = z.infer<typeof TutorReport>;

/** The family's view (payer, linked child login, super admin): the approved version only, no private note. */
export const FamilyReport = z.object({
  bookingId: z.string(),
  subject: z.string(),
  revision: z.number().int(),
  approvedAt: z.string(),
  firstApprovedAt: z.string(),
  fields: ReportFields,
  homeworkDone: HomeworkDone.nullable().optional(),
});
export type FamilyReport = z.infer<typeof FamilyReport>;

export const ReportView = z.discriminatedUnion('view', [
  z.object({
    view: z.literal('tutor'),
    /** Null before the first save. */
    report: TutorReport.nullable(),
    /** Whether the lesson has taken place (only then may it have a report). */
    lessonCompleted: z.boolean(),
    /** Until when the report may be saved and approved. */
    editableUntil: z.string(),
    canEdit: z.boolean(),
  }),
  z.object({
    view: z.literal('family'),
    /** Null until the tutor approves one. */
    report: FamilyReport.nullable(),
  }),
]);
export type ReportView = z.infer<typeof ReportView>;

export const SavedReportResponse = z.object({ report: TutorReport, message: z.string() });
export type SavedReportResponse = z.infer<typeof SavedReportResponse>;

/** The model's draft: the family-facing fields for the tutor to edit (nothing is stored). */
export const ReportDraft = z.object({
  topics: z.array(z.string()),
  performance: Performance.optional(),
  homework: z.object({ text: z.string() }).optional(),
  nextSteps: z.string(),
});
export type ReportDraft = z.infer<typeof ReportDraft>;
export const DraftReportResponse = z.object({ draft: ReportDraft });

export const ReportParams = z.object({ bookingId: RecordId('booking') });

/** A tutor's lessons whose report came due (a day after the lesson) and those approved by then; percent null before any. */
export const ReportShare = z.object({ due: z.number().int(), onTime: z.number().int(), percent: z.number().int().nullable() });
export type ReportShare = z.infer<typeof ReportShare>;
/** Mark the lesson's homework done (with the key of a photo uploaded with its ticket), or open again. */
export const MarkHomeworkRequest = z.object({
  done: z.boolean({ error: 'Say whether the homework is done' }),
  photoKey: userText().trim().min(1).max(1024).optional(),
});
export type MarkHomeworkRequest = z.infer<typeof MarkHomeworkRequest>;
export const MarkHomeworkResponse = z.object({ homeworkDone: HomeworkDone.nullable(), message: z.string() });
export type MarkHomeworkResponse = z.infer<typeof MarkHomeworkResponse>;

export const DUE_STATES = ['none', 'upcoming', 'due_today', 'overdue'] as const;

/** One lesson in a learner's history: its approved report's summary (no private note) and its homework. */
export const HistoryLesson = z.object({
  bookingId: z.string(),
  subject: z.string(),
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  /** The student did not come (the lesson was completed as a no-show). */
  missed: z.boolean().optional(),
  report: z.object({
    approvedAt: z.string(),
    topics: z.array(z.string()),
    performance: Performance.optional(),
    nextSteps: z.string().optional(),
  }).nullable(),
  homework: z.object({
    text: z.string(),
    dueDate: z.string().optional(),
    /** In the learner's zone (their parent's profile), today. */
    dueState: z.enum(DUE_STATES),
    done: HomeworkDone.nullable(),
  }).nullable(),
});
export type HistoryLesson = z.infer<typeof HistoryLesson>;

export const LessonHistoryQuery = LearnerChoice.extend({
  /** From the previous page's nextCursor. */
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(HOMEWORK_LIMITS.maxPageSize).optional(),
});
export type LessonHistoryQuery = z.infer<typeof LessonHistoryQuery>;

export const LessonHistory = z.object({
  lessons: z.array(HistoryLesson),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LessonHistory = z.infer<typeof LessonHistory>;
