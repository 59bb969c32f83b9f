/**
 * Course items in the single table (docs/data-model.md "Courses"), all in the course's partition:
 *   course     pk COURSE#{id}  sk COURSE             gsi2 TUTORCOURSES#{tutorId} / {createdAt}#{id}  (a tutor's courses)
 *                                                   gsi1 COURSES#ALL / {publishedAt}#{id}           (only while published)
 *                                                   gsi3 COURSES#{category} / {publishedAt}#{id}    (only while published)
 *   lesson     pk COURSE#{id}  sk LESSON#{lessonId}  (order: the course's lessonIds)
 *   enrolment  pk COURSE#{id}  sk ENROL#{studentId}  gsi1 STUDENTCOURSES#{studentId} / {enrolledAt}#{id}
 *              (a paid course's enrolment is written by the payment's confirming transaction:
 *               newEnrolmentPut; the course's count and revenueMinor are added afterwards by the
 *               course-enrolments consumer, once per enrolment: enrolmentCountUpdate)
 * Lesson files are private in S3 under courses/{courseId}/…; thumbnails public under
 * public/course-thumbnails/{courseId}/…. Pure: keys, item builders and read schemas.
 */
import * as z from 'zod';
import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SUBJECTS, type CourseCategory } from './catalog.js';
import { ALL_PUBLISHED_PARTITION, categoryPartition } from './rules.js';

export const coursePk = (id: string) => `COURSE#${id}`;
export const courseKey = (id: string) => ({ pk: coursePk(id), sk: 'COURSE' });
export const LESSON_PREFIX = 'LESSON#';
export const lessonKey = (courseId: string, lessonId: string) => ({ pk: coursePk(courseId), sk: `${LESSON_PREFIX}${lessonId}` });
export const enrolmentKey = (courseId: string, studentId: string) => ({ pk: coursePk(courseId), sk: `ENROL#${studentId}` });
export const tutorCoursesPartition = (tutorId: string) => `TUTORCOURSES#${tutorId}`;
export const studentCoursesPartition = (studentId: string) => `STUDENTCOURSES#${studentId}`;

export const StoredCourse = z.object({
  id: z.string(),
  tutorId: z.string(),
  tutorFirstName: z.string(),
  tutorLastName: z.string(),
  title: z.string(),
  description: z.string(),
  subject: z.enum(COURSE_SUBJECTS),
  level: z.enum(COURSE_LEVELS),
  category: z.enum(COURSE_CATEGORIES),
  /** Minor units (KSh cents); absent = Free. */
  priceMinor: z.number().int().nullable().optional(),
  durationWeeks: z.number().int(),
  thumbnailUrl: z.string().optional(),
  lessonIds: z.array(z.string()),
  enrolledCount: z.number().int(),
  /** Confirmed course payments, KSh cents, added by each confirming transaction (never recomputed); absent = 0. */
  revenueMinor: z.number().int().optional(),
  isPublished: z.boolean(),
  createdAt: z.string(),
  publishedAt: z.string().optional(),
  /** Last change of the course's own fields (the sitemap's lastmod); absent on courses not changed since this was kept. */
  updatedAt: z.string().optional(),
  searchText: z.string(),
  /** Listed on /certification as a certification program; absent = no. */
  certificationProgram: z.boolean().optional(),
});
export type StoredCourse = z.infer<typeof StoredCourse>;

export const StoredLesson = z.object({
  lessonId: z.string(),
  title: z.string(),
  text: z.string(),
  file: z.object({ storageKey: z.string(), fileName: z.string(), contentType: z.string() }).optional(),
});
export type StoredLesson = z.infer<typeof StoredLesson>;

export const StoredEnrolment = z.object({
  courseId: z.string(),
  studentId: z.string(),
  enrolledAt: z.string(),
  /** The payment reference of a paid enrolment. */
  paymentReference: z.string().optional(),
  /** A DynamoDB string set (ADD is idempotent); absent until the first lesson is done. */
  doneLessonIds: z.set(z.string()).optional(),
  /** When every lesson was first done and CourseCompleted published (certificates follow from it). */
  completedAt: z.string().optional(),
});
export type StoredEnrolment = z.infer<typeof StoredEnrolment>;

/** The catalogue index keys of a published course (gsi1: all, gsi3: its category). */
export const publishedIndexKeys = (id: string, category: CourseCategory, publishedAt: string) => ({
  gsi1pk: ALL_PUBLISHED_PARTITION, gsi1sk: `${publishedAt}#${id}`,
  gsi3pk: categoryPartition(category), gsi3sk: `${publishedAt}#${id}`,
});

/** A new draft: private (no catalogue keys), listed under its tutor. */
export function draftCourseItem(course: StoredCourse): Record<string, unknown> {
  const { priceMinor, ...rest } = course;
  return {
    ...courseKey(course.id), entity: 'Course', ...rest, ...(priceMinor != null ? { priceMinor } : {}),
    gsi2pk: tutorCoursesPartition(course.tutorId), gsi2sk: `${course.createdAt}#${course.id}`,
  };
}

export function lessonItem(courseId: string, lesson: StoredLesson): Record<string, unknown> {
  return { ...lessonKey(courseId, lesson.lessonId), entity: 'CourseLesson', courseId, ...lesson };
}

export function enrolmentItem(enrolment: StoredEnrolment): Record<string, unknown> {
  return {
    ...enrolmentKey(enrolment.courseId, enrolment.studentId), entity: 'CourseEnrolment',
    courseId: enrolment.courseId, studentId: enrolment.studentId, enrolledAt: enrolment.enrolledAt,
    ...(enrolment.paymentReference ? { paymentReference: enrolment.paymentReference } : {}),
    gsi1pk: studentCoursesPartition(enrolment.studentId), gsi1sk: `${enrolment.enrolledAt}#${enrolment.courseId}`,
  };
}

/** A new enrolment, only if the student has none in this course (a Put for a transaction). */
export const newEnrolmentPut = (enrolment: StoredEnrolment) => ({
  Item: enrolmentItem(enrolment), ConditionExpression: 'attribute_not_exists(pk)',
});

/** The occurrence under which the course-enrolments consumer counts an enrolment once: the student (free) or the payment. */
export const enrolmentOccurrence = (enrolment: Pick<StoredEnrolment, 'courseId' | 'studentId' | 'paymentReference'>): string =>
  enrolment.paymentReference ? `paid#${enrolment.paymentReference}` : `free#${enrolment.courseId}#${enrolment.studentId}`;

/**
 * The course counts an enrolment (and a paid one's money), added by the course-enrolments
 * consumer once per enrolment, outside the enrolment's own transaction: a course many students
 * join at once is no item all their transactions write. Published or not: the student paid or
 * enrolled while it was offered.
 */
export const enrolmentCountUpdate = (courseId: string, amountMinor = 0) => ({
  Key: courseKey(courseId),
  UpdateExpression: 'ADD enrolledCount :one, revenueMinor :amt',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':one': 1, ':amt': amountMinor },
});

/**
 * A super admin's refund of the payment that paid for this enrolment ends it (for payments'
 * refund transaction): the enrolment goes, and with it the access to the lessons, the progress and
 * any certificate not yet issued (certificates checks the enrolment afresh). Only the enrolment that
 * payment made: a duplicate payment's refund never reaches here, and a student enrolled again since
 * under another payment keeps that enrolment.
 */
export const refundedEnrolmentDelete = (courseId: string, studentId: string, reference: string) => ({
  Key: enrolmentKey(courseId, studentId),
  ConditionExpression: 'paymentReference = :ref',
  ExpressionAttributeValues: { ':ref': reference },
});

/** The course no longer counts the ended enrolment (with refundedEnrolmentDelete). */
export const refundedEnrolmentCourseUpdate = (courseId: string) => ({
  Key: courseKey(courseId),
  UpdateExpression: 'ADD enrolledCount :minusOne',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':minusOne': -1 },
});

/** Once the provider processed the refund: the course's revenue no longer counts the money (courses are never deleted). */
export const refundedCourseRevenueUpdate = (courseId: string, amountMinor: number) => ({
  Key: courseKey(courseId),
  UpdateExpression: 'ADD revenueMinor :back',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':back': -amountMinor },
});
