/**
 * Courses (course dashboard and creation): tutors write
 * drafts with ordered lessons, KYC-verified tutors publish them, anyone browses the published
 * ones, students enrol (free courses for now) and learn lesson by lesson.
 * Files: thumbnails become public (CloudFront /public/*); lesson files stay private and are read
 * only through signed links given to enrolled students and the course's tutor.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { InitializePaymentResponse } from '../bookings/contract.js';
import { initializeCoursePayment } from '../payments/service.js';
import type { MpesaPayment, MpesaPromptResponse } from '../payments/contract.js';
import { sendCourseMpesaPrompt } from '../payments/mpesa-prompt.js';
import { getProfile } from '../profiles/service.js';
import { publishEvent } from '../shared/events.js';
import { BusinessRuleViolated, Conflict, Forbidden, NotFound, PaymentRequired, ValidationFailed } from '../shared/errors.js';
import { ownerOf } from '../households/learner-owner.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import type { CreateUploadRequest, UploadTicket } from '../uploads/contract.js';
import { checkDeclaredUpload, checkStoredUpload, typeFamily } from '../uploads/rules.js';
import {
  createUploadTicket, deleteObject, inspectUpload, isPreconditionFailed, keyName, promoteToPublic, PUBLIC_PREFIX,
  signedDownloadUrl, stagingPrefix, storeCheckedUpload,
} from '../uploads/storage.js';
import { courseMessages, LESSON_FILE_LINK_SECONDS } from './catalog.js';
import { announceCourseChange } from './page-events.js';
import {
  CreateCourseRequest, LessonInput, UpdateCourseRequest, UpdateLessonRequest, type CatalogueQuery, type CatalogueResponse, type Course,
  type CourseDetail, type EnrolResponse, type LearnResponse, type MyEnrolmentsResponse, type OwnCourse, type Progress,
  type TutorCourse,
} from './contract.js';
import { enrolmentOccurrence, type StoredCourse, type StoredEnrolment, type StoredLesson } from './keys.js';
import {
  AlreadyEnrolled, addDoneLesson, countEnrolment, appendLesson, LessonGone, removeLesson, replaceLesson, createEnrolment, getCourse, getCourseWithLessons, getEnrolment, isEnrolmentCounted,
  listStudentEnrolments, listTutorCourses, OrderChanged, putNewCourse, queryCatalogue, setEnrolmentCompleted,
  setLessonOrder, setPublished, TooManyLessons, touchCourse, updateCourseFields,
} from './repository.js';
import {
  categoryPartition, courseSearchText, fromMinor, isCourseComplete, isFree, planCatalogue, progressOf, toMinor,
} from './rules.js';

/** Courses by key, for other domains' lists (the tutor's earnings name the course sold). */
export { getCourses } from './repository.js';

const PURPOSE = 'course-material';
export const DEFAULT_CATALOGUE_PAGE = 12;
/** Thumbnails are replaced under a new name, so they can be cached long. */
const THUMBNAIL_CACHE_CONTROL = 'public, max-age=86400';

export function toCourse(c: StoredCourse): Course {
  return {
    id: c.id, title: c.title, description: c.description, subject: c.subject, level: c.level, category: c.category,
    price: fromMinor(c.priceMinor), durationWeeks: c.durationWeeks,
    ...(c.thumbnailUrl ? { thumbnailUrl: c.thumbnailUrl } : {}),
    tutor: { id: c.tutorId, firstName: c.tutorFirstName, lastName: c.tutorLastName },
    lessonCount: c.lessonIds.length, enrolledCount: c.enrolledCount, isPublished: c.isPublished,
    createdAt: c.createdAt, ...(c.publishedAt ? { publishedAt: c.publishedAt } : {}),
    certificationProgram: c.certificationProgram === true,
  };
}

const syllabusLesson = (l: StoredLesson) => ({
  id: l.lessonId, title: l.title, ...(l.file ? { fileName: l.file.fileName, fileType: l.file.contentType } : {}),
});

const ownCourse = (c: StoredCourse, lessons: StoredLesson[]): OwnCourse =>
  ({ ...toCourse(c), lessons: lessons.map((l) => ({ ...syllabusLesson(l), text: l.text })) });

export async function requestCourseUpload(user: AuthUser, input: CreateUploadRequest): Promise<UploadTicket> {
  const problem = checkDeclaredUpload(PURPOSE, input);
  if (problem) throw new ValidationFailed(problem);
  return createUploadTicket({ purpose: PURPOSE, userId: user.id, ...input });
}

/**
 * Checks one of the tutor's staged course-material uploads (owner, size, real type from the bytes;
 * images only when `imageOnly`), deletes it when refused, and moves it to `finalKey(name)`.
 */
async function takeUpload(
  user: AuthUser, key: string, options: { imageOnly: boolean; finalKey: (name: string) => string; publish: boolean },
): Promise<{ finalKey: string; fileName: string; contentType: string }> {
  const prefix = stagingPrefix(PURPOSE, user.id);
  if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) {
    throw new Forbidden('You can only use a file you uploaded yourself');
  }
  const object = await inspectUpload(key);
  if (!object) throw new NotFound('Uploaded file not found. Please upload the file again.');
  const verdict = checkStoredUpload(PURPOSE, { size: object.size, declaredType: object.storedType, sniffedType: object.sniffedType });
  const refusal = !verdict.ok ? verdict.message
    : options.imageOnly && typeFamily(verdict.contentType) !== 'image' ? courseMessages.thumbnailImage : null;
  if (refusal || !verdict.ok) {
    countBusinessEvent(BusinessMetric.uploadRefused);
    logger.info('Rejected course upload', { userId: user.id, size: object.size, storedType: object.storedType, sniffedType: object.sniffedType });
    await deleteObject(key);
    throw new ValidationFailed(refusal ?? courseMessages.thumbnailImage);
  }
  const name = keyName(key);
  const finalKey = options.finalKey(name);
  const move = options.publish ? promoteToPublic : storeCheckedUpload;
  try {
    await move(key, finalKey, {
      contentType: verdict.contentType, etag: object.etag,
      cacheControl: options.publish ? THUMBNAIL_CACHE_CONTROL : 'private, no-store',
    });
  } catch (error) {
    if (isPreconditionFailed(error)) throw new ValidationFailed('The uploaded file changed while it was being checked. Please try again.');
    throw error;
  }
  return { finalKey, fileName: name.replace(/^\d+_/, ''), contentType: verdict.contentType };
}

async function takeThumbnail(user: AuthUser, courseId: string, key: string): Promise<string> {
  const { finalKey } = await takeUpload(user, key, {
    imageOnly: true, publish: true, finalKey: (name) => `${PUBLIC_PREFIX}course-thumbnails/${courseId}/${name}`,
  });
  return `/${finalKey}`;
}

/** A checked lesson file, kept private under the course (read only through signed links). */
async function takeLessonFile(user: AuthUser, courseId: string, key: string): Promise<NonNullable<StoredLesson['file']>> {
  const file = await takeUpload(user, key, { imageOnly: false, publish: false, finalKey: (name) => `courses/${courseId}/${name}` });
  return { storageKey: file.finalKey, fileName: file.fileName, contentType: file.contentType };
}

/** The course, if it exists and is the caller's (404 and 403 otherwise). */
async function ownedCourse(user: AuthUser, courseId: string): Promise<StoredCourse> {
  const course = await getCourse(courseId);
  if (!course) throw new NotFound(courseMessages.notFound);
  if (course.tutorId !== user.id) throw new Forbidden(courseMessages.notOwner);
  return course;
}

async function ownedCourseWithLessons(user: AuthUser, courseId: string) {
  const found = await getCourseWithLessons(courseId);
  if (!found) throw new NotFound(courseMessages.notFound);
  if (found.course.tutorId !== user.id) throw new Forbidden(courseMessages.notOwner);
  return found;
}

/** A new course is a private draft of the signed-in tutor. */
export async function createCourse(user: AuthUser, input: CreateCourseRequest, now = new Date()): Promise<OwnCourse> {
  const fields = CreateCourseRequest.parse(input);
  const profile = await getProfile(user.id);
  if (!profile) throw new NotFound('Profile not found');
  const id = randomUUID();
  const thumbnailUrl = fields.thumbnailKey ? await takeThumbnail(user, id, fields.thumbnailKey) : undefined;
  const course: StoredCourse = {
    id, tutorId: user.id, tutorFirstName: profile.firstName, tutorLastName: profile.lastName,
    title: fields.title, description: fields.description, subject: fields.subject, level: fields.level,
    category: fields.category, priceMinor: toMinor(fields.price), durationWeeks: fields.durationWeeks,
    ...(thumbnailUrl ? { thumbnailUrl } : {}),
    ...(fields.certificationProgram ? { certificationProgram: true } : {}),
    lessonIds: [], enrolledCount: 0, revenueMinor: 0, isPublished: false, createdAt: now.toISOString(),
    searchText: courseSearchText({ ...fields, tutorName: `${profile.firstName} ${profile.lastName}` }),
  };
  await putNewCourse(course);
  return ownCourse(course, []);
}

export async function updateCourse(user: AuthUser, courseId: string, input: UpdateCourseRequest): Promise<OwnCourse> {
  const changes = UpdateCourseRequest.parse(input);
  const { course, lessons } = await ownedCourseWithLessons(user, courseId);
  const { thumbnailKey, price, ...plain } = changes;
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== undefined));
  const remove: string[] = [];
  if (price !== undefined) {
    if (price === null) remove.push('priceMinor'); else set.priceMinor = toMinor(price);
  }
  if (thumbnailKey) set.thumbnailUrl = await takeThumbnail(user, course.id, thumbnailKey);
  const merged = { ...course, ...set };
  set.searchText = courseSearchText({ ...merged, tutorName: `${course.tutorFirstName} ${course.tutorLastName}` });
  // A published course moving to another category moves to that category's list.
  if (course.isPublished && course.publishedAt && plain.category && plain.category !== course.category) {
    set.gsi3pk = categoryPartition(plain.category);
  }
  const updated = await updateCourseFields(course.id, user.id, set, remove);
  if (updated.isPublished) await announceCourseChange(course.id, 'edited');
  if (course.thumbnailUrl && set.thumbnailUrl && course.thumbnailUrl !== set.thumbnailUrl) {
    // The old thumbnail is no longer referenced; a failure here only leaves an orphan behind.
    await deleteObject(course.thumbnailUrl.replace(/^\//, '')).catch((error: unknown) =>
      logger.warn('Could not delete the previous course thumbnail', { courseId, error: error as Error }));
  }
  return ownCourse(updated, lessons);
}

export async function addLesson(user: AuthUser, courseId: string, input: LessonInput): Promise<OwnCourse> {
  const lessonInput = LessonInput.parse(input);
  const course = await ownedCourse(user, courseId);
  const lessonId = randomUUID();
  const file = lessonInput.fileKey ? await takeLessonFile(user, courseId, lessonInput.fileKey) : undefined;
  const lesson: StoredLesson = { lessonId, title: lessonInput.title, text: lessonInput.text, ...(file ? { file } : {}) };
  try {
    await appendLesson(course, lesson);
  } catch (error) {
    if (error instanceof TooManyLessons) throw new BusinessRuleViolated('too_many_lessons', courseMessages.tooManyLessons);
    throw error;
  }
  const found = await ownedCourseWithLessons(user, courseId);
  // The public page lists the syllabus.
  if (found.course.isPublished) await announceCourseChange(courseId, 'lessons');
  return ownCourse(found.course, found.lessons);
}

export async function reorderLessons(user: AuthUser, courseId: string, lessonIds: string[]): Promise<OwnCourse> {
  const { course, lessons } = await ownedCourseWithLessons(user, courseId);
  const same = lessonIds.length === course.lessonIds.length && new Set(lessonIds).size === lessonIds.length
    && lessonIds.every((id) => course.lessonIds.includes(id));
  if (!same) throw new Conflict('order_mismatch', courseMessages.orderMismatch);
  try {
    await setLessonOrder(course, lessonIds);
  } catch (error) {
    if (error instanceof OrderChanged) throw new Conflict('order_mismatch', courseMessages.orderMismatch);
    throw error;
  }
  if (course.isPublished) await announceCourseChange(courseId, 'lessons');
  const byId = new Map(lessons.map((l) => [l.lessonId, l]));
  return ownCourse({ ...course, lessonIds }, lessonIds.map((id) => byId.get(id)!).filter(Boolean));
}

/** Only a KYC-verified tutor publishes; a course needs a lesson to be worth opening. */
export async function publishCourse(user: AuthUser, courseId: string, now = new Date()): Promise<OwnCourse> {
  const { course, lessons } = await ownedCourseWithLessons(user, courseId);
  const profile = await getProfile(user.id);
  if (profile?.kycStatus !== 'approved') throw new Forbidden(courseMessages.kycRequired);
  if (course.isPublished) return ownCourse(course, lessons);
  if (lessons.length === 0) throw new BusinessRuleViolated('no_lessons', courseMessages.noLessons);
  const published = await setPublished(course, now.toISOString());
  await announceCourseChange(courseId, 'published');
  return ownCourse(published, lessons);
}

/** Off the catalogue; enrolled students keep their access. */
export async function unpublishCourse(user: AuthUser, courseId: string): Promise<OwnCourse> {
  const { course, lessons } = await ownedCourseWithLessons(user, courseId);
  if (!course.isPublished) return ownCourse(course, lessons);
  const unpublished = await setPublished(course, null);
  await announceCourseChange(courseId, 'unpublished');
  return ownCourse(unpublished, lessons);
}

/**
 * A tutor's name on their courses follows their profile: it is copied onto each course (the
 * catalogue's cards and its search read it there), so a rename rewrites the copies and tells each
 * published course's page. Idempotent: a course that already carries the name is left as it is.
 */
export async function followTutorName(tutorId: string): Promise<number> {
  const profile = await getProfile(tutorId);
  if (!profile) return 0;
  const { firstName, lastName } = profile;
  let renamed = 0;
  for (const course of await listTutorCourses(tutorId)) {
    if (course.tutorFirstName === firstName && course.tutorLastName === lastName) continue;
    const searchText = courseSearchText({ ...course, tutorName: `${firstName} ${lastName}` });
    const updated = await updateCourseFields(course.id, tutorId, { tutorFirstName: firstName, tutorLastName: lastName, searchText });
    if (updated.isPublished) await announceCourseChange(course.id, 'edited');
    renamed++;
  }
  return renamed;
}

export async function myCourses(user: AuthUser): Promise<TutorCourse[]> {
  return (await listTutorCourses(user.id)).map((c) => ({ ...toCourse(c), revenue: (c.revenueMinor ?? 0) / 100 }));
}

export async function myCourse(user: AuthUser, courseId: string): Promise<OwnCourse> {
  const { course, lessons } = await ownedCourseWithLessons(user, courseId);
  return ownCourse(course, lessons);
}

const CatalogueKey = z.record(z.string(), z.string());
const CatalogueCursor = z.object({ l: z.string(), k: CatalogueKey });
const staleCursor = () => new ValidationFailed('This list has changed. Please search again.');

function decodeCatalogueCursor(cursor: string, listId: string, partition: string, index: string): Record<string, string> {
  let parsed: z.infer<typeof CatalogueCursor>;
  try {
    parsed = CatalogueCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw staleCursor();
  }
  // A cursor continues only the list it came from (the same partition and filters).
  if (parsed.l !== listId || parsed.k[`${index}pk`] !== partition) throw staleCursor();
  return parsed.k;
}

/**
 * Published courses newest first, by category, text and More Filters. Bounded: each
 * request reads at most MAX_CATALOGUE_CALLS pages of its partition and hands back a cursor.
 */
export async function catalogue(query: CatalogueQuery): Promise<CatalogueResponse & { itemsRead: number }> {
  const plan = planCatalogue(query);
  if (!plan) return { courses: [], itemsRead: 0 };
  const start = query.cursor ? decodeCatalogueCursor(query.cursor, plan.listId, plan.partition, plan.index) : undefined;
  const page = await queryCatalogue(plan, query.limit ?? DEFAULT_CATALOGUE_PAGE, start);
  return {
    courses: page.courses.map(toCourse),
    ...(page.lastKey ? { nextCursor: Buffer.from(JSON.stringify({ l: plan.listId, k: page.lastKey })).toString('base64url') } : {}),
    itemsRead: page.itemsRead,
  };
}

/** Any course by id, published or not, for other domains (e.g. the enrolment e-mail); null when unknown. */
export async function findCourse(courseId: string): Promise<Course | null> {
  const course = await getCourse(courseId);
  return course ? toCourse(course) : null;
}

/** A published course's public page: description, syllabus, tutor, price. Drafts are not found. */
export async function courseDetail(courseId: string): Promise<CourseDetail> {
  const found = await getCourseWithLessons(courseId);
  if (!found?.course.isPublished) throw new NotFound(courseMessages.notFound);
  return { ...toCourse(found.course), lessons: found.lessons.map(syllabusLesson) };
}

const progressFor = (course: StoredCourse, enrolment: StoredEnrolment | null): Progress =>
  progressOf(course.lessonIds, enrolment?.doneLessonIds ?? []);

/** Counts an enrolment in its course once per occurrence (a free student, a paid reference). */
export async function countCourseEnrolment(courseId: string, occurrence: string, amountMinor = 0): Promise<void> {
  await countEnrolment(courseId, occurrence, amountMinor);
}

/** Free courses enrol at once, once (a repeat answers the same enrolment). Paid ones through payCourse. */
export async function enrol(user: AuthUser, courseId: string, learnerId?: string, now = new Date()): Promise<EnrolResponse> {
  // A parent enrols each child on their own: the enrolment (and so progress and certificate) is the learner's.
  const { ownerId } = await ownerOf(user, learnerId);
  const course = await getCourse(courseId);
  if (!course?.isPublished) throw new NotFound(courseMessages.notFound);
  const existing = await getEnrolment(courseId, ownerId);
  if (existing) return { enrolled: true, progress: progressFor(course, existing) };
  if (!isFree(course.priceMinor)) throw new PaymentRequired(courseMessages.paidNotYet);
  try {
    await createEnrolment({ courseId, studentId: ownerId, enrolledAt: now.toISOString() });
  } catch (error) {
    if (error instanceof AlreadyEnrolled) return { enrolled: true, progress: progressFor(course, await getEnrolment(courseId, ownerId)) };
    throw error;
  }
  // The course's count follows from this event (course-enrolments consumer), outside the enrolment's write.
  await publishEvent('CourseEnrolled', { courseId, studentId: ownerId, tutorId: course.tutorId, occurredAt: now.toISOString() })
    .catch((error: Error) => logger.error('CourseEnrolled not published', { error, courseId, studentId: ownerId }));
  return { enrolled: true, progress: progressFor(course, null) };
}

/**
 * Starts paying for a published paid course. The amount is the course's price, read
 * here; the enrolment is written only when the payment is confirmed (payments' confirming
 * transaction), never by this call.
 */
export async function payCourse(user: AuthUser, courseId: string, learnerId?: string, now = new Date()): Promise<InitializePaymentResponse> {
  const { course, learner } = await payableCourse(user, courseId, learnerId);
  // The caller pays; a parent's chosen child is the one enrolled (payments' confirming transaction).
  return initializeCoursePayment(user, { id: course.id, tutorId: course.tutorId, priceMinor: course.priceMinor!, title: course.title }, now, learner?.learnerId);
}

/**
 * Pays for a published paid course by M-Pesa prompt (or Paybill) in the page: the same checks and
 * price as payCourse; the enrolment is written only when the charge is confirmed, never here.
 */
export async function payCourseByMpesa(
  user: AuthUser, courseId: string, payment: MpesaPayment, learnerId?: string, now = new Date(),
): Promise<MpesaPromptResponse> {
  const { course, learner } = await payableCourse(user, courseId, learnerId);
  return sendCourseMpesaPrompt(user, { id: course.id, tutorId: course.tutorId, priceMinor: course.priceMinor!, title: course.title }, payment, learner?.learnerId, now);
}

/**
 * What every way of paying for a course checks first: a published paid course, not the caller's
 * own, that the one to be enrolled (the caller, or the parent's chosen learner) is not in yet.
 */
export async function payableCourse(user: AuthUser, courseId: string, learnerId?: string) {
  const { ownerId, learner } = await ownerOf(user, learnerId);
  const course = await getCourse(courseId);
  if (!course?.isPublished) throw new NotFound(courseMessages.notFound);
  if (course.tutorId === user.id) throw new Forbidden(courseMessages.ownCourse);
  if (await getEnrolment(courseId, ownerId)) throw new Conflict('already_enrolled', courseMessages.alreadyEnrolled);
  if (isFree(course.priceMinor)) throw new BusinessRuleViolated('free_course', courseMessages.freeCourse);
  return { course, learner };
}

/**
 * Whether an enrolment is in its course's count yet. Its once-marker outlives every redelivery
 * (30 days, SQS keeps a message 14); past that the enrolment was counted long ago.
 */
const MARKER_TRUSTED_MS = 14 * 86_400_000;
async function enrolmentCounted(enrolment: StoredEnrolment, now = new Date()): Promise<boolean> {
  if (now.getTime() - Date.parse(enrolment.enrolledAt) > MARKER_TRUSTED_MS) return true;
  return isEnrolmentCounted(enrolmentOccurrence(enrolment));
}

/** Lessons with their text and signed file links: for enrolled students and the course's tutor only. */
export async function learn(user: AuthUser, courseId: string, learnerId?: string): Promise<LearnResponse> {
  const { ownerId } = await ownerOf(user, learnerId);
  const found = await getCourseWithLessons(courseId);
  if (!found) throw new NotFound(courseMessages.notFound);
  const { course, lessons } = found;
  const enrolment = await getEnrolment(courseId, ownerId);
  const isOwner = course.tutorId === user.id;
  if (!enrolment && !isOwner) {
    if (!course.isPublished) throw new NotFound(courseMessages.notFound);
    throw new Forbidden(courseMessages.notEnrolled);
  }
  const done = enrolment?.doneLessonIds ?? new Set<string>();
  const counted = !enrolment || await enrolmentCounted(enrolment);
  return {
    // Read fresh (not the public read's cache), with the viewer's own enrolment in it even while
    // the course-enrolments consumer has yet to count it, and never twice once it has.
    course: { ...toCourse(course), enrolledCount: course.enrolledCount + (counted ? 0 : 1) },
    lessons: await Promise.all(lessons.map(async (l) => ({
      id: l.lessonId, title: l.title, text: l.text, done: done.has(l.lessonId),
      ...(l.file ? {
        file: {
          url: await signedDownloadUrl(l.file.storageKey, LESSON_FILE_LINK_SECONDS, l.file.fileName),
          fileName: l.file.fileName, contentType: l.file.contentType, expiresIn: LESSON_FILE_LINK_SECONDS,
        },
      } : {}),
    }))),
    progress: progressFor(course, enrolment),
    enrolled: !!enrolment,
  };
}

export async function markLessonDone(user: AuthUser, courseId: string, lessonId: string, learnerId?: string, now = new Date()): Promise<Progress> {
  const { ownerId, learner } = await ownerOf(user, learnerId);
  const course = await getCourse(courseId);
  if (!course) throw new NotFound(courseMessages.notFound);
  if (!course.lessonIds.includes(lessonId)) throw new NotFound(courseMessages.lessonNotFound);
  if (!(await getEnrolment(courseId, ownerId))) throw new Forbidden(courseMessages.notEnrolled);
  const enrolment = await addDoneLesson(courseId, ownerId, lessonId);
  const progress = progressFor(course, enrolment);
  if (isCourseComplete(course.lessonIds, enrolment.doneLessonIds ?? []) && !enrolment.completedAt) {
    // Published before it is recorded: a failed publish fails the request and the next mark
    // publishes again; the certificate consumer issues once however often the event arrives.
    await publishEvent('CourseCompleted', {
      courseId, studentId: ownerId, tutorId: course.tutorId, occurredAt: now.toISOString(),
      // A learner's certificate is issued in the learner's name, read from the parent's household.
      ...(learner ? { parentId: learner.parentId } : {}),
    });
    await setEnrolmentCompleted(courseId, ownerId, now.toISOString());
  }
  return progress;
}

/** Course lessons the student has done, over their enrolments (bounded: the newest 50), for badges. */
export async function courseLessonsDone(studentId: string): Promise<number> {
  const rows = await listStudentEnrolments(studentId);
  return rows.reduce((sum, { enrolment }) => sum + (enrolment.doneLessonIds?.size ?? 0), 0);
}

/**
 * For certificates: the course and whether the student has done every one of
 * its lessons, read fresh (the event that asks may be old or replayed). Null: no such enrolment.
 */
export async function courseCompletion(courseId: string, studentId: string): Promise<{ course: Course; complete: boolean } | null> {
  const [course, enrolment] = await Promise.all([getCourse(courseId), getEnrolment(courseId, studentId)]);
  if (!course || !enrolment) return null;
  return { course: toCourse(course), complete: isCourseComplete(course.lessonIds, enrolment.doneLessonIds ?? []) };
}

export async function myEnrolments(user: AuthUser, learnerId?: string): Promise<MyEnrolmentsResponse> {
  const { ownerId } = await ownerOf(user, learnerId);
  const rows = await listStudentEnrolments(ownerId);
  return {
    enrolments: rows.map(({ enrolment, course }) => ({
      course: toCourse(course), progress: progressFor(course, enrolment), enrolledAt: enrolment.enrolledAt,
    })),
  };
}

/** A learner's (or student's) courses not yet finished, newest enrolment first: the parent dashboard's card (1 Query + 1 BatchGet). */
export async function coursesInProgress(ownerId: string): Promise<Array<{ courseId: string; title: string; percent: number }>> {
  const rows = await listStudentEnrolments(ownerId);
  return rows.flatMap(({ enrolment, course }) => {
    const { percent } = progressFor(course, enrolment);
    return enrolment.completedAt || percent >= 100 ? [] : [{ courseId: course.id, title: course.title, percent }];
  });
}

/** Deletes a file no lesson refers to any more; a failure only leaves an orphan behind. */
async function deleteLessonFile(courseId: string, file: StoredLesson['file']): Promise<void> {
  if (!file) return;
  await deleteObject(file.storageKey).catch((error: unknown) =>
    logger.warn('Could not delete a replaced lesson file', { courseId, error: error as Error }));
}

async function ownedLesson(user: AuthUser, courseId: string, lessonId: string) {
  const { course, lessons } = await ownedCourseWithLessons(user, courseId);
  const lesson = lessons.find((l) => l.lessonId === lessonId);
  if (!lesson) throw new NotFound(courseMessages.lessonNotFound);
  return { course, lessons, lesson };
}

/** The tutor edits a lesson's title, text or file; a replaced or removed file is deleted from S3. */
export async function updateLesson(user: AuthUser, courseId: string, lessonId: string, input: UpdateLessonRequest): Promise<OwnCourse> {
  const changes = UpdateLessonRequest.parse(input);
  const { course, lessons, lesson } = await ownedLesson(user, courseId, lessonId);
  const newFile = changes.fileKey ? await takeLessonFile(user, courseId, changes.fileKey) : undefined;
  const { file: oldFile, ...unchanged } = lesson;
  const keptFile = newFile ?? (changes.removeFile ? undefined : oldFile);
  const updated: StoredLesson = {
    ...unchanged,
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.text !== undefined ? { text: changes.text } : {}),
    ...(keptFile ? { file: keptFile } : {}),
  };
  try {
    await replaceLesson(courseId, updated);
  } catch (error) {
    if (!(error instanceof LessonGone)) throw error;
    await deleteLessonFile(courseId, newFile);
    throw new NotFound(courseMessages.lessonNotFound);
  }
  if (oldFile && keptFile !== oldFile) await deleteLessonFile(courseId, oldFile);
  // The public syllabus shows a lesson's title and file name (not its text).
  if (course.isPublished && (updated.title !== lesson.title || updated.file?.fileName !== lesson.file?.fileName)) {
    await touchCourse(course);
    await announceCourseChange(courseId, 'lessons');
  }
  return ownCourse(course, lessons.map((l) => (l.lessonId === lessonId ? updated : l)));
}

/**
 * The tutor deletes a lesson: out of the order and the table together, then its file from S3.
 * Enrolled students' progress stays consistent because progress counts only the course's current
 * lessons (progressOf): a done mark of the deleted lesson no longer counts, and no mark can be
 * added to it (markLessonDone checks the order). A published course keeps at least one lesson.
 */
export async function deleteLesson(user: AuthUser, courseId: string, lessonId: string): Promise<OwnCourse> {
  const { course, lessons, lesson } = await ownedLesson(user, courseId, lessonId);
  if (course.isPublished && course.lessonIds.length <= 1) throw new BusinessRuleViolated('last_lesson', courseMessages.lastLesson);
  try {
    await removeLesson(course, lessonId);
  } catch (error) {
    if (error instanceof LessonGone) throw new NotFound(courseMessages.lessonNotFound);
    if (error instanceof OrderChanged) throw new Conflict('order_mismatch', courseMessages.lessonChanged);
    throw error;
  }
  await deleteLessonFile(courseId, lesson.file);
  if (course.isPublished) await announceCourseChange(courseId, 'lessons');
  return ownCourse({ ...course, lessonIds: course.lessonIds.filter((id) => id !== lessonId) }, lessons.filter((l) => l.lessonId !== lessonId));
}
