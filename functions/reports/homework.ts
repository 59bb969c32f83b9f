/**
 * The family side of a lesson report: its homework becomes a to-do the family marks done (with an
 * optional photo of the work, private, attached to the lesson), and each learner has a history of
 * reported lessons, newest first, a page at a time. "The family" is the lesson's payer (a parent
 * for a child's lesson, or the adult student) and the child's own linked login; super admins and
 * the lesson's tutor read the done state and the photo but never mark it. Lessons are found under
 * their learner (the child's learner id, or the adult student's own id) so a parent can only ever
 * name a learner of their household (404 for any other).
 */
import { getBooking } from '../bookings/service.js';
import { learnerOfCaller } from '../households/acting-learner.js';
import { ownerOf } from '../households/learner-owner.js';
import { getProfile } from '../profiles/service.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import type { CreateUploadRequest, UploadTicket } from '../uploads/contract.js';
import { checkDeclaredUpload, checkStoredUpload } from '../uploads/rules.js';
import {
  copyCheckedUpload, createUploadTicket, deleteObject, inspectUpload, isPreconditionFailed, keyName, signedDownloadUrl, stagingPrefix,
} from '../uploads/storage.js';
import type { HistoryLesson, HomeworkDone, LessonHistory, LessonHistoryQuery, MarkHomeworkRequest } from './contract.js';
import {
  dueState, HOMEWORK_LIMITS, HOMEWORK_PHOTO_LINK_SECONDS, HOMEWORK_PHOTO_PURPOSE, homeworkMessages,
} from './homework-rules.js';
import { FAMILY_LESSON_PREFIX, homeworkPhotoKey, type ReportItem } from './keys.js';
import { historyOwnerOf } from './history-owner.js';
import * as repository from './repository.js';

type Lesson = NonNullable<Awaited<ReturnType<typeof getBooking>>>;

export { historyOwnerOf };

/** The learner's calendar: their household's (the payer's) profile zone. */
const zoneOf = async (payerId: string) => (await getProfile(payerId))?.timeZone;

/** Whether the caller is the lesson's family: its payer, or the child's own linked login. */
async function isFamily(user: AuthUser, lesson: Lesson): Promise<boolean> {
  if (lesson.studentId === user.id) return true;
  if (user.role !== 'student' || !lesson.learner) return false;
  const linked = await learnerOfCaller(user, undefined);
  return linked?.learnerId === lesson.learner.id && linked.parentId === lesson.studentId;
}

/** The lesson, for its family only: its tutor and super admins get 403 (they read, never mark); anyone else 404. */
async function familysLesson(user: AuthUser, bookingId: string): Promise<Lesson> {
  const lesson = await getBooking(bookingId);
  if (!lesson) throw new NotFound('Booking not found');
  if (await isFamily(user, lesson)) return lesson;
  if (lesson.tutorId === user.id || user.groups.includes('super_admin')) throw new Forbidden(homeworkMessages.notFamily);
  throw new NotFound('Booking not found');
}

/** The done state as readers see it: a short-lived signed link to the photo, never its key. */
export async function homeworkDoneView(item: ReportItem, now = new Date()): Promise<HomeworkDone | null> {
  if (!item.homeworkDoneAt) return null;
  const photoUrl = item.homeworkPhoto
    ? await signedDownloadUrl(item.homeworkPhoto.key, HOMEWORK_PHOTO_LINK_SECONDS, keyName(item.homeworkPhoto.key), 'inline', now)
    : undefined;
  return { doneAt: item.homeworkDoneAt, ...(photoUrl ? { photoUrl } : {}) };
}

/** A presigned POST for a photo of the work into the caller's staging area (JPEG, PNG or WebP, at most 10 MB). */
export async function homeworkPhotoTicket(user: AuthUser, bookingId: string, input: CreateUploadRequest): Promise<UploadTicket> {
  await familysLesson(user, bookingId);
  const problem = checkDeclaredUpload(HOMEWORK_PHOTO_PURPOSE, input);
  if (problem) throw new ValidationFailed(problem);
  return createUploadTicket({ purpose: HOMEWORK_PHOTO_PURPOSE, userId: user.id, ...input });
}

/**
 * Checks the caller's staged photo from its bytes and copies it under the lesson (private). A
 * refused file is deleted from staging; one already used (a retried mark) is found as gone.
 */
async function storePhoto(user: AuthUser, bookingId: string, stagedKey: string): Promise<NonNullable<ReportItem['homeworkPhoto']> | 'gone'> {
  const prefix = stagingPrefix(HOMEWORK_PHOTO_PURPOSE, user.id);
  if (!stagedKey.startsWith(prefix) || stagedKey.slice(prefix.length).includes('/')) throw new Forbidden(homeworkMessages.notYourUpload);
  const object = await inspectUpload(stagedKey);
  if (!object) return 'gone';
  const verdict = checkStoredUpload(HOMEWORK_PHOTO_PURPOSE, { size: object.size, declaredType: object.storedType, sniffedType: object.sniffedType });
  if (!verdict.ok) {
    logger.info('Rejected homework photo', { bookingId, size: object.size, storedType: object.storedType, sniffedType: object.sniffedType });
    await deleteObject(stagedKey);
    throw new ValidationFailed(verdict.message);
  }
  const key = homeworkPhotoKey(bookingId, keyName(stagedKey));
  try {
    await copyCheckedUpload(stagedKey, key, { contentType: verdict.contentType, cacheControl: 'private, max-age=86400', etag: object.etag });
  } catch (error) {
    if (isPreconditionFailed(error)) throw new ValidationFailed(homeworkMessages.photoChanged);
    if ((error as { name?: string }).name === 'NoSuchKey') return 'gone';
    throw error;
  }
  return { key, contentType: verdict.contentType, size: object.size };
}

const noHomework = () => new Conflict('no_homework', homeworkMessages.noHomework);

/**
 * PUT: done (once: marking it again keeps the first time; a photo sent replaces the one kept) or
 * open again (the photo is removed). 409 no_homework when the approved report set none.
 */
export async function markHomework(user: AuthUser, bookingId: string, input: MarkHomeworkRequest, now = new Date()): Promise<HomeworkDone | null> {
  await familysLesson(user, bookingId);
  const current = await repository.getReport(bookingId);
  if (!current?.approved?.homework) throw noHomework();
  if (!input.done) {
    const updated = await repository.markHomeworkOpen(bookingId);
    if (current.homeworkPhoto) await deleteObject(current.homeworkPhoto.key);
    return updated ? homeworkDoneView(updated, now) : null;
  }
  let photo: ReportItem['homeworkPhoto'];
  if (input.photoKey) {
    const stored = await storePhoto(user, bookingId, input.photoKey);
    // Gone: this same mark arrived twice and the first one moved the photo; what is stored stands.
    if (stored !== 'gone') photo = stored;
  }
  const updated = await repository.markHomeworkDone(bookingId, user.id, now.toISOString(), photo);
  if (!updated) throw noHomework();
  if (input.photoKey && photo) {
    await deleteObject(input.photoKey);
    // The photo it replaces is no longer shown anywhere.
    if (current.homeworkPhoto && current.homeworkPhoto.key !== photo.key) await deleteObject(current.homeworkPhoto.key);
  }
  return homeworkDoneView(updated, now);
}

const encodeCursor = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!sk.startsWith(FAMILY_LESSON_PREFIX) || sk.length > 200) throw new ValidationFailed(homeworkMessages.badCursor);
  return sk;
}

/**
 * GET: a page of the learner's reported lessons, newest first (a parent names the child; a linked
 * login and an adult student read their own). One Query and one BatchGet of at most a page.
 */
export async function lessonHistory(user: AuthUser, query: LessonHistoryQuery, now = new Date()): Promise<LessonHistory> {
  const { ownerId, learner } = await ownerOf(user, query.learnerId);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const page = await repository.familyLessonsPage(ownerId, query.limit ?? HOMEWORK_LIMITS.pageSize, after);
  const [reports, timeZone] = await Promise.all([
    repository.getReports(page.items.map((item) => item.bookingId)),
    zoneOf(learner?.parentId ?? user.id),
  ]);
  const lessons = await Promise.all(page.items.map(async (item): Promise<HistoryLesson> => {
    const report = reports.get(item.bookingId);
    const approved = report?.approved && report.approvedAt ? report.approved : undefined;
    const homework = approved?.homework;
    const done = report && homework ? await homeworkDoneView(report, now) : null;
    return {
      bookingId: item.bookingId, subject: item.subject, scheduledAt: item.scheduledAt, durationMinutes: item.durationMinutes,
      ...(item.missed ? { missed: true } : {}),
      report: approved && report?.approvedAt
        ? {
          approvedAt: report.approvedAt, topics: approved.topics,
          ...(approved.performance ? { performance: approved.performance } : {}), ...(approved.nextSteps ? { nextSteps: approved.nextSteps } : {}),
        }
        : null,
      homework: homework
        ? {
          text: homework.text, ...(homework.dueDate ? { dueDate: homework.dueDate } : {}),
          dueState: dueState({ dueDate: homework.dueDate, done: Boolean(done) }, now, timeZone), done,
        }
        : null,
    };
  }));
  return { lessons, nextCursor: page.last ? encodeCursor(page.last) : null };
}

/** After a report's approval: the lesson joins its learner's history (once). */
export async function addToHistory(item: ReportItem, lesson: { scheduledAt: string; durationMinutes: number }): Promise<void> {
  await repository.putFamilyLesson({
    bookingId: item.bookingId, ownerId: historyOwnerOf({ studentId: item.studentId, learner: item.learnerId ? { id: item.learnerId } : undefined }),
    subject: item.subject, scheduledAt: lesson.scheduledAt, durationMinutes: lesson.durationMinutes, tutorId: item.tutorId,
  });
}
