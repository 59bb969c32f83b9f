/**
 * Courses against the emulators over HTTP: who may create, edit and publish; the catalogue
 * (newest first, filters, bounded reads); free enrolment (idempotent), lessons and progress;
 * lesson files reachable only through signed links after enrolment; course-material uploads.
 * Paying for a course: course-payments.test.ts.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseMessages } from '../../functions/courses/catalog.js';
import { draftCourseItem, enrolmentOccurrence, publishedIndexKeys } from '../../functions/courses/keys.js';
import { createEnrolment, FILTERED_PAGE_ITEMS, MAX_CATALOGUE_CALLS } from '../../functions/courses/repository.js';
import { countCourseEnrolment } from '../../functions/courses/service.js';
import { courseSearchText } from '../../functions/courses/rules.js';
import { callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { getItem, table, verifyThroughKyc } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import { EXE, exists, PDF, PNG, postUpload } from '../support/uploads.js';

let verified: TestUser;
let unverified: TestUser;
let student: TestUser;
const word = () => `w${randomUUID().slice(0, 8)}`;

beforeAll(() => useStackEnvironment());
beforeAll(async () => {
  [verified, unverified, student] = await Promise.all([createUser('tutor'), createUser('tutor'), createUser('student')]);
  await verifyThroughKyc(verified);
});

const draft = (title: string, extra: Record<string, unknown> = {}) =>
  ({ title, description: 'Practice for the final exams', subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', durationWeeks: 4, price: null, ...extra }) as const;

async function upload(tutor: TestUser, bytes: Uint8Array, type: string, fileName: string): Promise<string> {
  const ticket = await expectOk(callApi('createCourseUpload', { token: tutor.accessToken, body: { fileName, contentType: type, size: bytes.length } }), 'ticket');
  expect((await postUpload(ticket, new Uint8Array(bytes), type)).status).toBeLessThan(300);
  return ticket.key;
}

async function publishedCourse(tutor: TestUser, body: Record<string, unknown>, lessons: Array<{ title: string; text?: string; fileKey?: string }> = [{ title: 'Lesson 1', text: 'Read this' }]) {
  const token = tutor.accessToken;
  const { course } = await expectOk(callApi('createCourse', { token, body: body as never }), 'create');
  for (const lesson of lessons) await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: lesson }), 'lesson');
  return (await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish')).course;
}

describe('creating and editing courses', () => {
  it('a tutor creates a private draft ("Course Created" is the SPA\'s text); a student cannot (403)', async () => {
    const res = await callApi('createCourse', { token: verified.accessToken, body: draft('Draft only') });
    expect(res.status).toBe(201);
    expect(res.body.course).toMatchObject({ title: 'Draft only', isPublished: false, price: null, lessonCount: 0, tutor: { id: verified.userId } });
    expect((await callApi('getCourse', { params: { courseId: res.body.course.id } })).status).toBe(404);

    const refused = await callApi('createCourse', { token: student.accessToken, body: draft('Not mine') });
    expect(refused.status).toBe(403);
    expect((await callApi('createCourse', { body: draft('Anonymous') })).status).toBe(401);
  });

  it('refuses a course that breaks the validation rules, with their texts', async () => {
    const token = verified.accessToken;
    const bad = async (body: Record<string, unknown>) => (await callApi('createCourse', { token, body: body as never })).error?.message;
    expect(await bad(draft(''))).toBe(courseMessages.titleRequired);
    expect(await bad(draft('x', { price: -5 }))).toBe(courseMessages.priceNumber);
    expect(await bad(draft('x', { price: 10.001 }))).toBe(courseMessages.priceStep);
    expect(await bad(draft('x', { durationWeeks: 1.5 }))).toBe(courseMessages.durationWeeks);
  });

  it('another tutor cannot edit, add lessons to, or publish your course (403)', async () => {
    const { course } = await expectOk(callApi('createCourse', { token: verified.accessToken, body: draft('Mine') }), 'create');
    const params = { courseId: course.id };
    const other = unverified.accessToken;
    expect((await callApi('updateCourse', { token: other, params, body: { title: 'Stolen' } })).status).toBe(403);
    expect((await callApi('addCourseLesson', { token: other, params, body: { title: 'x' } })).status).toBe(403);
    expect((await callApi('publishCourse', { token: other, params })).status).toBe(403);
    expect((await callApi('getMyCourse', { token: other, params })).status).toBe(403);
    const edited = await expectOk(callApi('updateCourse', { token: verified.accessToken, params, body: { title: 'Mine, edited', price: 250.5 } }), 'edit');
    expect(edited.course).toMatchObject({ title: 'Mine, edited', price: 250.5 });
  });

  it('lessons keep their order and can be reordered; a stale order is refused (409)', async () => {
    const token = verified.accessToken;
    const { course } = await expectOk(callApi('createCourse', { token, body: draft('Ordered') }), 'create');
    const params = { courseId: course.id };
    for (const title of ['One', 'Two', 'Three']) await expectOk(callApi('addCourseLesson', { token, params, body: { title } }), 'lesson');
    const { course: mine } = await expectOk(callApi('getMyCourse', { token, params }), 'mine');
    expect(mine.lessons.map((l) => l.title)).toEqual(['One', 'Two', 'Three']);
    const reversed = mine.lessons.map((l) => l.id).reverse();
    const res = await expectOk(callApi('reorderCourseLessons', { token, params, body: { lessonIds: reversed } }), 'reorder');
    expect(res.course.lessons.map((l) => l.title)).toEqual(['Three', 'Two', 'One']);
    expect((await callApi('reorderCourseLessons', { token, params, body: { lessonIds: reversed.slice(1) } })).status).toBe(409);
  });
});

describe('publishing', () => {
  it('an unverified tutor cannot publish (403, the KYC text); a verified one can, and unpublish', async () => {
    const { course } = await expectOk(callApi('createCourse', { token: unverified.accessToken, body: draft('Unverified course') }), 'create');
    await expectOk(callApi('addCourseLesson', { token: unverified.accessToken, params: { courseId: course.id }, body: { title: 'L1' } }), 'lesson');
    const refused = await callApi('publishCourse', { token: unverified.accessToken, params: { courseId: course.id } });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(courseMessages.kycRequired);

    const published = await publishedCourse(verified, draft('Published course'));
    expect(published.isPublished).toBe(true);
    expect((await callApi('getCourse', { params: { courseId: published.id } })).status).toBe(200);
    await expectOk(callApi('unpublishCourse', { token: verified.accessToken, params: { courseId: published.id } }), 'unpublish');
    expect((await callApi('getCourse', { params: { courseId: published.id } })).status).toBe(404);
  });
});

describe('course materials', () => {
  it('a thumbnail must be an image (a PDF is refused and deleted); an image is published', async () => {
    const token = verified.accessToken;
    const pdfKey = await upload(verified, PDF, 'application/pdf', 'cover.pdf');
    const refused = await callApi('createCourse', { token, body: draft('With PDF cover', { thumbnailKey: pdfKey }) });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(courseMessages.thumbnailImage);
    expect(await exists(pdfKey)).toBe(false);

    const pngKey = await upload(verified, PNG, 'image/png', 'cover.png');
    const { course } = await expectOk(callApi('createCourse', { token, body: draft('With cover', { thumbnailKey: pngKey }) }), 'create');
    expect(course.thumbnailUrl).toMatch(new RegExp(`^/public/course-thumbnails/${course.id}/\\d+_cover\\.png$`));
    expect(await exists(course.thumbnailUrl!.slice(1))).toBe(true);
  });

  it('an executable posing as a PDF is refused by its bytes and deleted; blocked names never get a ticket', async () => {
    const key = await upload(verified, EXE, 'application/pdf', 'notes.pdf');
    const { course } = await expectOk(callApi('createCourse', { token: verified.accessToken, body: draft('Exe test') }), 'create');
    const res = await callApi('addCourseLesson', { token: verified.accessToken, params: { courseId: course.id }, body: { title: 'x', fileKey: key } });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('File type not allowed for security reasons');
    expect(await exists(key)).toBe(false);
    const ticket = await callApi('createCourseUpload', { token: verified.accessToken, body: { fileName: 'setup.exe', contentType: 'application/pdf', size: 10 } });
    expect(ticket.status).toBe(400);
    const other = await callApi('createCourseUpload', { token: verified.accessToken, body: { fileName: 'a.gif', contentType: 'image/gif', size: 10 } });
    expect(other.error?.message).toBe('That file type can\'t be used here. Choose a PDF, JPG, PNG, MP4 or WebM file.');
  });
});

describe('enrolment, lessons and progress', () => {
  it('a paid course\'s lesson file is unreachable before enrolment, and enrolling without paying is refused (402)', async () => {
    const fileKey = await upload(verified, PDF, 'application/pdf', 'worksheet.pdf');
    const course = await publishedCourse(verified, draft('Paid course', { price: 1500 }), [{ title: 'Worksheet', text: 'Do it', fileKey }]);
    const params = { courseId: course.id };
    const detail = await expectOk(callApi('getCourse', { params }), 'detail');
    expect(detail.lessons).toEqual([expect.objectContaining({ title: 'Worksheet', fileName: 'worksheet.pdf' })]);
    expect(JSON.stringify(detail)).not.toMatch(/X-Amz|courses\//);

    const learn = await callApi('learnCourse', { token: student.accessToken, params });
    expect(learn.status).toBe(403);
    expect(learn.error?.message).toBe(courseMessages.notEnrolled);
    const enrol = await callApi('enrolInCourse', { token: student.accessToken, params });
    expect(enrol.status).toBe(402);
    expect(enrol.error?.message).toBe(courseMessages.paidNotYet);
    expect((await callApi('markCourseLessonDone', { token: student.accessToken, params: { ...params, lessonId: course.id } })).status).toBe(404);
  });

  it('free enrolment is idempotent (counted once); lessons open with signed file links; progress reaches 100 %', async () => {
    const fileKey = await upload(verified, PDF, 'application/pdf', 'notes.pdf');
    const course = await publishedCourse(verified, draft('Free course'), [{ title: 'A', text: 'First', fileKey }, { title: 'B', text: 'Second' }]);
    const params = { courseId: course.id };
    const token = student.accessToken;
    const answers = await Promise.all([1, 2, 3].map(() => callApi('enrolInCourse', { token, params })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // Counted once by its consumer, outside the enrolment's write.
    await eventually(async () => (await expectOk(callApi('getCourse', { params }), 'detail')).enrolledCount === 1, 15_000);
    expect((await expectOk(callApi('getCourse', { params }), 'detail')).enrolledCount).toBe(1);

    const learn = await expectOk(callApi('learnCourse', { token, params }), 'learn');
    expect(learn.lessons.map((l) => l.title)).toEqual(['A', 'B']);
    const file = await fetch(learn.lessons[0]!.file!.url);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    const [a, b] = learn.lessons;
    expect((await expectOk(callApi('markCourseLessonDone', { token, params: { ...params, lessonId: a!.id } }), 'done')).progress).toEqual({ done: 1, total: 2, percent: 50 });
    await expectOk(callApi('markCourseLessonDone', { token, params: { ...params, lessonId: a!.id } }), 'done again');
    const last = await expectOk(callApi('markCourseLessonDone', { token, params: { ...params, lessonId: b!.id } }), 'done');
    expect(last.progress).toEqual({ done: 2, total: 2, percent: 100 });
    const mine = await expectOk(callApi('listMyEnrolments', { token }), 'enrolments');
    expect(mine.enrolments.find((e) => e.course.id === course.id)?.progress.percent).toBe(100);
    const other = await createUser('student');
    expect((await callApi('markCourseLessonDone', { token: other.accessToken, params: { ...params, lessonId: a!.id } })).status).toBe(403);
  });

  it('an enrolled student\'s course read counts their own enrolment before its consumer has, and once after', async () => {
    const course = await publishedCourse(verified, draft('Counted at once'), [{ title: 'A', text: 'First' }]);
    const params = { courseId: course.id };
    const learner = await createUser('student');
    // Written as the payment's confirming transaction writes it; its event has not been consumed yet.
    const enrolment = { courseId: course.id, studentId: learner.userId, enrolledAt: new Date().toISOString(), paymentReference: `course-${randomUUID()}` };
    await createEnrolment(enrolment);
    expect((await expectOk(callApi('getCourse', { params }), 'detail')).enrolledCount).toBe(0);
    expect((await expectOk(callApi('learnCourse', { token: learner.accessToken, params }), 'learn')).course.enrolledCount).toBe(1);

    await countCourseEnrolment(course.id, enrolmentOccurrence(enrolment), 150_000);
    expect((await expectOk(callApi('getCourse', { params }), 'detail')).enrolledCount).toBe(1);
    expect((await expectOk(callApi('learnCourse', { token: learner.accessToken, params }), 'learn')).course.enrolledCount).toBe(1);
  });
});

describe('catalogue', () => {
  const junkIds: string[] = [];

  afterAll(async () => {
    const { doc, name } = table();
    for (let i = 0; i < junkIds.length; i += 25) {
      await doc.send(new BatchWriteCommand({ RequestItems: { [name]: junkIds.slice(i, i + 25).map((id) => ({ DeleteRequest: { Key: { pk: `COURSE#${id}`, sk: 'COURSE' } } })) } }));
    }
  });

  it('lists published courses newest first; category, search (title, description, tutor) and More Filters narrow it', async () => {
    const tag = word();
    const older = await publishedCourse(verified, draft(`Algebra ${tag}`, { subject: 'Mathematics', category: 'JAMB Prep', level: 'secondary', durationWeeks: 3 }));
    const newer = await publishedCourse(verified, draft(`Python ${tag}`, { subject: 'Computer Science', category: 'Skills', level: 'professional', price: 999, durationWeeks: 10 }));
    const list = async (query: Record<string, string>) =>
      (await expectOk(callApi('browseCourses', { query: { q: tag, ...query } as never }), 'browse')).courses.map((c) => c.id);
    expect(await list({})).toEqual([newer.id, older.id]);
    expect(await list({ category: 'Skills' })).toEqual([newer.id]);
    expect(await list({ price: 'free' })).toEqual([older.id]);
    expect(await list({ price: 'paid', duration: 'long', level: 'professional' })).toEqual([newer.id]);
    expect(await list({ subject: 'Mathematics', duration: 'short' })).toEqual([older.id]);
    expect(await list({ category: 'Skills', subject: 'Mathematics' })).toEqual([]);
    const byTutor = await expectOk(callApi('browseCourses', { query: { q: `${tag} Test User` } }), 'by tutor');
    expect(byTutor.courses).toHaveLength(2);
    const first = (await expectOk(callApi('browseCourses', { query: { category: 'Skills', limit: 1 } }), 'page')).courses[0];
    expect(first?.id).toBe(newer.id);
  });

  it('reads a bounded number of items: a search that matches nothing stops and hands back a cursor', async () => {
    const budget = MAX_CATALOGUE_CALLS * FILTERED_PAGE_ITEMS;
    const { doc, name } = table();
    const items = Array.from({ length: budget + 5 }, (_, i) => {
      const id = randomUUID();
      junkIds.push(id);
      const at = new Date(Date.UTC(2001, 0, 1, 0, 0, i)).toISOString();
      return {
        ...draftCourseItem({
          id, tutorId: 'bench', tutorFirstName: 'Bench', tutorLastName: 'Tutor', title: `Filler ${i}`, description: '', subject: 'English',
          level: 'primary', category: 'Skills', priceMinor: null, durationWeeks: 1, lessonIds: [], enrolledCount: 0, isPublished: true,
          createdAt: at, publishedAt: at, searchText: courseSearchText({ title: `Filler ${i}`, description: '', tutorName: 'Bench Tutor' }),
        }),
        ...publishedIndexKeys(id, 'Skills', at), gsi3pk: 'COURSES#filler',
      };
    });
    for (let i = 0; i < items.length; i += 25) {
      await doc.send(new BatchWriteCommand({ RequestItems: { [name]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const first = await expectOk(callApi('browseCourses', { query: { q: word() } }), 'search');
    expect(first.courses).toEqual([]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const refused = await callApi('browseCourses', { query: { q: word(), cursor: first.nextCursor! } });
    expect(refused.status).toBe(400); // a cursor continues only its own search
    expect(await getItem(`COURSE#${junkIds[0]}`, 'COURSE')).toBeTruthy();
  });
});
