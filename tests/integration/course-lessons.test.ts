/**
 * Editing and deleting course lessons against the emulators over HTTP: only the course's tutor;
 * files replaced, removed and deleted in S3; enrolled students' progress counts only the lessons
 * that remain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { courseMessages } from '../../functions/courses/catalog.js';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { verifyThroughKyc } from '../support/fixtures.js';
import { exists, PDF, PNG, postUpload } from '../support/uploads.js';

let tutor: TestUser;
let other: TestUser;
let student: TestUser;

beforeAll(async () => {
  [tutor, other, student] = await Promise.all([createUser('tutor'), createUser('tutor'), createUser('student')]);
  await verifyThroughKyc(tutor);
});

const draft = { title: 'Lessons to edit', description: 'Edit me', subject: 'Physics', level: 'secondary', category: 'KCSE Prep', durationWeeks: 2, price: null } as const;

async function upload(bytes: Uint8Array, type: string, fileName: string): Promise<string> {
  const ticket = await expectOk(callApi('createCourseUpload', { token: tutor.accessToken, body: { fileName, contentType: type, size: bytes.length } }), 'ticket');
  expect((await postUpload(ticket, new Uint8Array(bytes), type)).status).toBeLessThan(300);
  return ticket.key;
}

/** A course with lessons A (with a PDF), B and C; published unless told. */
async function courseWithLessons(publish = true) {
  const token = tutor.accessToken;
  const { course } = await expectOk(callApi('createCourse', { token, body: draft }), 'create');
  const params = { courseId: course.id };
  const fileKey = await upload(PDF, 'application/pdf', 'notes.pdf');
  await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'A', text: 'First', fileKey } }), 'A');
  await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'B', text: 'Second' } }), 'B');
  const last = await expectOk(callApi('addCourseLesson', { token, params, body: { title: 'C', text: 'Third' } }), 'C');
  if (publish) await expectOk(callApi('publishCourse', { token, params }), 'publish');
  return { params, lessons: last.course.lessons };
}

const fileKeyOf = async (params: { courseId: string }, title: string) => {
  const learn = await expectOk(callApi('learnCourse', { token: tutor.accessToken, params }), 'learn');
  const url = learn.lessons.find((l) => l.title === title)?.file?.url;
  return url ? decodeURIComponent(new URL(url).pathname).split('/').slice(2).join('/') : undefined;
};

describe('editing a lesson', () => {
  it('the tutor edits title and text, replaces the file (the old one is deleted) and removes it', async () => {
    const { params, lessons } = await courseWithLessons(false);
    const a = lessons[0]!;
    const token = tutor.accessToken;
    const oldKey = await fileKeyOf(params, 'A');
    expect(oldKey && await exists(oldKey)).toBe(true);

    const edited = await expectOk(callApi('updateCourseLesson', { token, params: { ...params, lessonId: a.id }, body: { title: 'A, revised', text: 'New text' } }), 'edit');
    expect(edited.course.lessons[0]).toMatchObject({ id: a.id, title: 'A, revised', text: 'New text', fileName: 'notes.pdf' });

    const fileKey = await upload(PNG, 'image/png', 'diagram.png');
    const replaced = await expectOk(callApi('updateCourseLesson', { token, params: { ...params, lessonId: a.id }, body: { fileKey } }), 'replace');
    expect(replaced.course.lessons[0]).toMatchObject({ title: 'A, revised', fileName: 'diagram.png', fileType: 'image/png' });
    expect(await exists(oldKey!)).toBe(false);
    const newKey = await fileKeyOf(params, 'A, revised');
    expect(newKey && await exists(newKey)).toBe(true);

    const removed = await expectOk(callApi('updateCourseLesson', { token, params: { ...params, lessonId: a.id }, body: { removeFile: true } }), 'remove');
    expect(removed.course.lessons[0]!.fileName).toBeUndefined();
    expect(await exists(newKey!)).toBe(false);
    const mine = await expectOk(callApi('getMyCourse', { token, params }), 'reload');
    expect(mine.course.lessons.map((l) => [l.title, l.text])).toEqual([['A, revised', 'New text'], ['B', 'Second'], ['C', 'Third']]);
  });

  it('another tutor and a student cannot edit or delete your lessons (403); an unknown lesson is 404', async () => {
    const { params, lessons } = await courseWithLessons(false);
    const lesson = { ...params, lessonId: lessons[1]!.id };
    for (const token of [other.accessToken, student.accessToken]) {
      expect((await callApi('updateCourseLesson', { token, params: lesson, body: { title: 'Stolen' } })).status).toBe(403);
      expect((await callApi('deleteCourseLesson', { token, params: lesson })).status).toBe(403);
    }
    expect((await callApi('deleteCourseLesson', { params: lesson })).status).toBe(401);
    const unknown = await callApi('updateCourseLesson', { token: tutor.accessToken, params: { ...params, lessonId: params.courseId }, body: { title: 'x' } });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe(courseMessages.lessonNotFound);
    const mine = await expectOk(callApi('getMyCourse', { token: tutor.accessToken, params }), 'reload');
    expect(mine.course.lessons.map((l) => l.title)).toEqual(['A', 'B', 'C']);
  });
});

describe('deleting a lesson', () => {
  it('takes it out of the order, deletes its file, and enrolled students\' progress counts only what remains', async () => {
    const { params, lessons } = await courseWithLessons();
    const [a, b, c] = lessons;
    const token = student.accessToken;
    await expectOk(callApi('enrolInCourse', { token, params }), 'enrol');
    await expectOk(callApi('markCourseLessonDone', { token, params: { ...params, lessonId: a!.id } }), 'done A');
    await expectOk(callApi('markCourseLessonDone', { token, params: { ...params, lessonId: b!.id } }), 'done B');
    const fileKey = await fileKeyOf(params, 'A');

    const after = await expectOk(callApi('deleteCourseLesson', { token: tutor.accessToken, params: { ...params, lessonId: a!.id } }), 'delete');
    expect(after.course.lessons.map((l) => l.title)).toEqual(['B', 'C']);
    expect(after.course.lessonCount).toBe(2);
    expect(await exists(fileKey!)).toBe(false);
    expect((await expectOk(callApi('getCourse', { params }), 'detail')).lessons.map((l) => l.title)).toEqual(['B', 'C']);

    const learn = await expectOk(callApi('learnCourse', { token, params }), 'learn');
    expect(learn.lessons.map((l) => [l.title, l.done])).toEqual([['B', true], ['C', false]]);
    expect(learn.progress).toEqual({ done: 1, total: 2, percent: 50 });
    expect((await callApi('markCourseLessonDone', { token, params: { ...params, lessonId: a!.id } })).status).toBe(404);
    const last = await expectOk(callApi('markCourseLessonDone', { token, params: { ...params, lessonId: c!.id } }), 'done C');
    expect(last.progress).toEqual({ done: 2, total: 2, percent: 100 });
    expect((await callApi('deleteCourseLesson', { token: tutor.accessToken, params: { ...params, lessonId: a!.id } })).status).toBe(404);
  });

  it('keeps at least one lesson in a published course (422); a draft can lose them all', async () => {
    const published = await courseWithLessons();
    const token = tutor.accessToken;
    for (const l of published.lessons.slice(1)) await expectOk(callApi('deleteCourseLesson', { token, params: { ...published.params, lessonId: l.id } }), 'delete');
    const refused = await callApi('deleteCourseLesson', { token, params: { ...published.params, lessonId: published.lessons[0]!.id } });
    expect(refused.status).toBe(422);
    expect(refused.error?.message).toBe(courseMessages.lastLesson);

    const draftCourse = await courseWithLessons(false);
    for (const l of draftCourse.lessons) await expectOk(callApi('deleteCourseLesson', { token, params: { ...draftCourse.params, lessonId: l.id } }), 'delete');
    expect((await expectOk(callApi('getMyCourse', { token, params: draftCourse.params }), 'reload')).course.lessons).toEqual([]);
  });

  it('deletes once when the same delete arrives twice at the same time', async () => {
    const { params, lessons } = await courseWithLessons(false);
    const lesson = { ...params, lessonId: lessons[2]!.id };
    const answers = await Promise.all([1, 2].map(() => callApi('deleteCourseLesson', { token: tutor.accessToken, params: lesson })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => [200, 404].includes(r.status))).toBe(true);
    const mine = await expectOk(callApi('getMyCourse', { token: tutor.accessToken, params }), 'reload');
    expect(mine.course.lessons.map((l) => l.title)).toEqual(['A', 'B']);
  });
});
