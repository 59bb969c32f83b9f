/**
 * Courses contract (course dashboard and creation, course validation),
 * shared by the API and the SPA. Prices travel in KSh (null = Free) as the spec's payload does;
 * they are stored in minor units.
 */
import * as z from 'zod';
import { RecordId } from '../shared/contract.js';
import { userText } from '../shared/text.js';
import {
  COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SUBJECTS, courseMessages, DURATION_BANDS, MAX_DESCRIPTION, MAX_LESSON_TEXT,
  MAX_LESSONS, MAX_PRICE, MAX_TITLE, MAX_WEEKS, PRICE_FILTERS,
} from './catalog.js';
import { isPriceStep } from './rules.js';

/** A number, minimum 0, step 0.01; null (empty in the form) means Free. */
export const CoursePrice = z.number({ error: courseMessages.priceNumber })
  .min(0, courseMessages.priceNumber).max(MAX_PRICE, courseMessages.priceNumber)
  .refine(isPriceStep, courseMessages.priceStep)
  .nullable();

/** Whole weeks, minimum 1. */
export const CourseWeeks = z.number({ error: courseMessages.durationWeeks })
  .int(courseMessages.durationWeeks).min(1, courseMessages.durationWeeks).max(MAX_WEEKS, courseMessages.durationWeeks);

const StagingKey = userText().trim().min(1).max(1024);

export const CourseFields = z.object({
  title: userText({ error: courseMessages.titleRequired }).trim().min(1, courseMessages.titleRequired).max(MAX_TITLE, courseMessages.titleTooLong),
  description: userText().trim().max(MAX_DESCRIPTION).default(''),
  subject: z.enum(COURSE_SUBJECTS, { error: 'Choose a subject' }),
  level: z.enum(COURSE_LEVELS, { error: 'Choose a level' }),
  category: z.enum(COURSE_CATEGORIES, { error: 'Choose a category' }),
  price: CoursePrice.default(null),
  durationWeeks: CourseWeeks,
  /** The staging key of an uploaded thumbnail (it must be an image). */
  thumbnailKey: StagingKey.optional(),
  /** Listed on /certification as a certification program. */
  certificationProgram: z.boolean().optional(),
});

/** POST /api/courses: a new draft. */
export const CreateCourseRequest = CourseFields;
export type CreateCourseRequest = z.input<typeof CreateCourseRequest>;

/** PATCH /api/courses/{courseId}: any of the fields; a published course stays published. */
export const UpdateCourseRequest = CourseFields.partial().extend({
  description: userText().trim().max(MAX_DESCRIPTION).optional(),
  price: CoursePrice.optional(),
});
export type UpdateCourseRequest = z.input<typeof UpdateCourseRequest>;

export const LessonInput = z.object({
  title: userText({ error: 'Lesson title is required' }).trim().min(1, 'Lesson title is required').max(MAX_TITLE),
  text: userText().trim().max(MAX_LESSON_TEXT).default(''),
  /** The staging key of an uploaded lesson file (JPEG, PNG, PDF, MP4 or WebM). */
  fileKey: StagingKey.optional(),
});
export type LessonInput = z.input<typeof LessonInput>;

export const ReorderLessonsRequest = z.object({
  lessonIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_LESSONS),
});
export type ReorderLessonsRequest = z.infer<typeof ReorderLessonsRequest>;

export const CourseParams = z.object({ courseId: RecordId('course') });
export const LessonParams = CourseParams.extend({ lessonId: RecordId('lesson') });

export const CourseTutor = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

/** A course as cards and pages show it. */
export const Course = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  subject: z.enum(COURSE_SUBJECTS),
  level: z.enum(COURSE_LEVELS),
  category: z.enum(COURSE_CATEGORIES),
  /** KSh; null = Free. */
  price: z.number().nullable(),
  durationWeeks: z.number(),
  thumbnailUrl: z.string().optional(),
  tutor: CourseTutor,
  lessonCount: z.number(),
  enrolledCount: z.number(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  publishedAt: z.string().optional(),
  certificationProgram: z.boolean(),
});
export type Course = z.infer<typeof Course>;

/** A syllabus line: what anyone may see before enrolling. */
export const SyllabusLesson = z.object({
  id: z.string(),
  title: z.string(),
  fileName: z.string().optional(),
  fileType: z.string().optional(),
});
export type SyllabusLesson = z.infer<typeof SyllabusLesson>;

export const CourseDetail = Course.extend({ lessons: z.array(SyllabusLesson) });
export type CourseDetail = z.infer<typeof CourseDetail>;

/** The tutor's own view of a lesson (to edit it). */
export const OwnLesson = SyllabusLesson.extend({ text: z.string() });
export const OwnCourse = Course.extend({ lessons: z.array(OwnLesson) });
export type OwnCourse = z.infer<typeof OwnCourse>;
export const OwnCourseResponse = z.object({ course: OwnCourse });
export type OwnCourseResponse = z.infer<typeof OwnCourseResponse>;
/** A tutor's own course in their list: with its revenue from confirmed course payments (KSh). */
export const TutorCourse = Course.extend({ revenue: z.number() });
export type TutorCourse = z.infer<typeof TutorCourse>;
export const MyCoursesResponse = z.object({ courses: z.array(TutorCourse) });
export type MyCoursesResponse = z.infer<typeof MyCoursesResponse>;

export const CatalogueQuery = z.object({
  q: z.string().trim().max(80).optional(),
  category: z.enum(COURSE_CATEGORIES).optional(),
  subject: z.enum(COURSE_SUBJECTS).optional(),
  level: z.enum(COURSE_LEVELS).optional(),
  price: z.enum(PRICE_FILTERS).optional(),
  /** Only certification programs (/certification's Programs tab). */
  program: z.enum(['true']).optional(),
  duration: z.enum(Object.keys(DURATION_BANDS) as [keyof typeof DURATION_BANDS, ...Array<keyof typeof DURATION_BANDS>]).optional(),
  /** The previous page's nextCursor. */
  cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please search again.').optional(),
  limit: z.coerce.number().int().min(1).max(48).optional(),
});
export type CatalogueQuery = z.infer<typeof CatalogueQuery>;

export const CatalogueResponse = z.object({
  courses: z.array(Course),
  /** Present when more may match: a search that spent its read budget also continues from here. */
  nextCursor: z.string().optional(),
});
export type CatalogueResponse = z.infer<typeof CatalogueResponse>;

export const Progress = z.object({ done: z.number(), total: z.number(), percent: z.number() });
export type Progress = z.infer<typeof Progress>;

export const LessonFile = z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresIn: z.number() });

/** An enrolled student's (or the owner's) view of the course, lesson by lesson. */
export const LearnResponse = z.object({
  course: Course,
  lessons: z.array(z.object({
    id: z.string(), title: z.string(), text: z.string(), file: LessonFile.optional(), done: z.boolean(),
  })),
  progress: Progress,
  enrolled: z.boolean(),
});
export type LearnResponse = z.infer<typeof LearnResponse>;

export const EnrolResponse = z.object({ enrolled: z.literal(true), progress: Progress });
export type EnrolResponse = z.infer<typeof EnrolResponse>;

export const MyEnrolment = z.object({ course: Course, progress: Progress, enrolledAt: z.string() });
export const MyEnrolmentsResponse = z.object({ enrolments: z.array(MyEnrolment) });
export type MyEnrolmentsResponse = z.infer<typeof MyEnrolmentsResponse>;

export const MarkDoneResponse = z.object({ progress: Progress });
export type MarkDoneResponse = z.infer<typeof MarkDoneResponse>;

/** PATCH /api/courses/{courseId}/lessons/{lessonId}: any of title, text and file; `removeFile` drops the file. */
export const UpdateLessonRequest = z.object({
  title: LessonInput.shape.title.optional(),
  text: userText().trim().max(MAX_LESSON_TEXT).optional(),
  fileKey: StagingKey.optional(),
  removeFile: z.literal(true).optional(),
}).refine((l) => !(l.fileKey && l.removeFile), { error: 'Choose a new file or remove the file, not both' });
export type UpdateLessonRequest = z.input<typeof UpdateLessonRequest>;
