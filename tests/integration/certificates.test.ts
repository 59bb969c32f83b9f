/**
 * Certificates against the emulators over HTTP: marking the last lesson
 * done publishes CourseCompleted, the consumer (through the event runner) issues exactly one
 * certificate even when the event comes again, the learner gets one e-mail with the link; public
 * verification of valid, revoked and unknown codes; only a super admin revokes; badges from
 * real activity; the programs filter of the catalogue.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateMessages } from '../../functions/certificates/catalog.js';
import type { PublicCertificate } from '../../functions/certificates/contract.js';
import { publishEvent } from '../../functions/shared/events.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, signInDemoAdmin, type TestUser } from '../support/api.js';
import { listenForEvents, type EventListener } from '../support/events.js';
import { verifyThroughKyc } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

let tutor: TestUser;
let listener: EventListener<'CourseCompleted' | 'CertificateIssued'>;

beforeAll(async () => {
  useStackEnvironment();
  tutor = await createUser('tutor', { firstName: 'Wanjiru' });
  await verifyThroughKyc(tutor);
  listener = await listenForEvents(['CourseCompleted', 'CertificateIssued']);
});
afterAll(async () => listener?.close());

async function freeCourse(title: string, lessons = 2, extra: Record<string, unknown> = {}) {
  const token = tutor.accessToken;
  const { course } = await expectOk(callApi('createCourse', {
    token,
    body: { title, description: 'Certified practice', subject: 'Computer Science', level: 'professional', category: 'Skills', durationWeeks: 2, price: null, certificationProgram: true, ...extra },
  }), 'create');
  const lessonIds: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const { course: own } = await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: { title: `Part ${i}`, text: 'Read' } }), 'lesson');
    lessonIds.push(own.lessons.at(-1)!.id);
  }
  await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish');
  return { courseId: course.id, lessonIds };
}

async function completeCourse(student: TestUser, course: { courseId: string; lessonIds: string[] }) {
  await expectOk(callApi('enrolInCourse', { token: student.accessToken, params: { courseId: course.courseId } }), 'enrol');
  for (const lessonId of course.lessonIds) {
    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { courseId: course.courseId, lessonId } }), 'done');
  }
}

const myCertificates = async (student: TestUser) =>
  (await expectOk(callApi('listMyCertificates', { token: student.accessToken }), 'mine')).certificates;

async function certificateOf(student: TestUser): Promise<PublicCertificate> {
  return eventually(async () => (await myCertificates(student))[0], 30_000);
}

describe('issuing', () => {
  it('the last lesson done issues exactly one certificate, even when CourseCompleted is delivered again; one e-mail with the link', async () => {
    const course = await freeCourse(`Cloud basics ${randomUUID().slice(0, 6)}`);
    const student = await createUser('student', { firstName: 'Achieng' });
    await expectOk(callApi('enrolInCourse', { token: student.accessToken, params: { courseId: course.courseId } }), 'enrol');
    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { courseId: course.courseId, lessonId: course.lessonIds[0]! } }), 'first');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await myCertificates(student)).toEqual([]); // half done: nothing yet

    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { courseId: course.courseId, lessonId: course.lessonIds[1]! } }), 'last');
    // Marking a done lesson again does not announce the course again.
    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { courseId: course.courseId, lessonId: course.lessonIds[1]! } }), 'again');
    const cert = await certificateOf(student);
    expect(cert).toMatchObject({ learnerName: 'Achieng User', courseId: course.courseId, tutorName: 'Wanjiru User', status: 'valid' });
    expect(cert.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    // Redelivery, twice at once: still one certificate, the same code, no second announcement.
    const replay = { courseId: course.courseId, studentId: student.userId, tutorId: tutor.userId, occurredAt: new Date().toISOString() };
    await Promise.all([publishEvent('CourseCompleted', replay), publishEvent('CourseCompleted', replay)]);
    await new Promise((r) => setTimeout(r, 4000));
    expect((await myCertificates(student)).map((c) => c.code)).toEqual([cert.code]);

    const events = await listener.received();
    const mine = (type: string) => events.filter((e) => e['detail-type'] === type && e.detail.studentId === student.userId);
    expect(mine('CourseCompleted')).toHaveLength(3); // the real one and the two replays
    expect(mine('CertificateIssued')).toHaveLength(1);
    expect(mine('CertificateIssued')[0]!.detail).toMatchObject({ code: cert.code, courseId: course.courseId });

    const emails = await eventually(async () => {
      const found = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(student.email) && m.subject.startsWith('Your certificate'));
      return found.length ? found : undefined;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.body).toContain(`/certificates/${cert.code}`);
  });

  it('finishing a course that is not a certification program issues no certificate (as the course form says)', async () => {
    const course = await freeCourse(`Plain course ${randomUUID().slice(0, 6)}`, 1, { certificationProgram: false });
    const student = await createUser('student');
    await completeCourse(student, course);
    // The course is announced as completed, and the consumer has handled it: still nothing.
    await eventually(async () => (await listener.received()).find((e) =>
      e['detail-type'] === 'CourseCompleted' && e.detail.studentId === student.userId && e.detail.courseId === course.courseId), 30_000);
    await new Promise((r) => setTimeout(r, 4000));
    expect(await myCertificates(student)).toEqual([]);
    const { badges } = await expectOk(callApi('listMyBadges', { token: student.accessToken }), 'badges');
    expect(badges.find((b) => b.id === 'first-course')).toMatchObject({ earned: false });
  });

  it('a CourseCompleted for a course the student has not finished issues nothing', async () => {
    const course = await freeCourse(`Unfinished ${randomUUID().slice(0, 6)}`);
    const student = await createUser('student');
    await expectOk(callApi('enrolInCourse', { token: student.accessToken, params: { courseId: course.courseId } }), 'enrol');
    await publishEvent('CourseCompleted', { courseId: course.courseId, studentId: student.userId, tutorId: tutor.userId, occurredAt: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 4000));
    expect(await myCertificates(student)).toEqual([]);
  });
});

describe('verification and revoking', () => {
  let student: TestUser;
  let cert: PublicCertificate;
  beforeAll(async () => {
    student = await createUser('student', { firstName: 'Baraka' });
    await completeCourse(student, await freeCourse(`Data literacy ${randomUUID().slice(0, 6)}`, 1));
    cert = await certificateOf(student);
  });

  it('anyone verifies a valid code without signing in, in any letter case; an unknown code is 404, a malformed one 400', async () => {
    const res = await callApi('getCertificate', { params: { code: cert.code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(cert);
    expect(res.headers.get('cache-control')).not.toMatch(/s-maxage/); // a revocation shows at once
    expect((await api(`/api/certificates/${cert.code.toLowerCase()}`)).body).toEqual(cert);
    const unknown = await callApi('getCertificate', { params: { code: 'ZZZZ-ZZZZ-ZZZZ' } });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe(certificateMessages.notFound);
    expect((await api('/api/certificates/not-a-code')).status).toBe(400);
  });

  it('only a super admin revokes, with a reason; the public page then says revoked; a second revoke is 409', async () => {
    const params = { code: cert.code };
    const body = { reason: 'Lessons were marked done by someone else' };
    expect((await callApi('revokeCertificate', { token: student.accessToken, params, body })).status).toBe(403);
    expect((await callApi('revokeCertificate', { token: tutor.accessToken, params, body })).status).toBe(403);
    expect((await callApi('revokeCertificate', { params, body })).status).toBe(401);
    expect((await callApi('getCertificate', { params })).body).toMatchObject({ status: 'valid' });

    const admin = await signInDemoAdmin();
    expect((await callApi('revokeCertificate', { token: admin.accessToken, params, body: { reason: 'x' } })).error?.message)
      .toBe(certificateMessages.reasonRequired);
    const revoked = await expectOk(callApi('revokeCertificate', { token: admin.accessToken, params, body }), 'revoke');
    expect(revoked.certificate).toMatchObject({ status: 'revoked', revokeReason: body.reason, revokedBy: expect.any(String) });
    expect((await callApi('getCertificate', { params })).body).toMatchObject({ status: 'revoked', revokedAt: revoked.certificate.revokedAt });
    expect((await callApi('getCertificate', { params })).body).not.toHaveProperty('revokeReason');
    expect((await callApi('revokeCertificate', { token: admin.accessToken, params, body })).status).toBe(409);
    expect((await callApi('revokeCertificate', { token: admin.accessToken, params: { code: 'ZZZZ-ZZZZ-ZZZ0' }, body })).status).toBe(404);

    // The super admin's lookup by code and the newest-first list.
    const lookup = await expectOk(callApi('listCertificates', { token: admin.accessToken, query: { code: cert.code.toLowerCase() } }), 'lookup');
    expect(lookup.certificates.map((c) => [c.code, c.status])).toEqual([[cert.code, 'revoked']]);
    const list = await expectOk(callApi('listCertificates', { token: admin.accessToken }), 'list');
    expect(list.certificates.length).toBeGreaterThan(0);
    expect((await callApi('listCertificates', { token: student.accessToken })).status).toBe(403);
  });
});

describe('badges', () => {
  it('come from real activity: a course lesson, a finished course, five quizzes at 80% or more', async () => {
    const student = await createUser('student');
    const earned = async () => (await expectOk(callApi('listMyBadges', { token: student.accessToken }), 'badges')).badges
      .filter((b) => b.earned).map((b) => b.id);
    expect(await earned()).toEqual([]);
    expect((await callApi('listMyBadges', {})).status).toBe(401);

    const course = await freeCourse(`Badges ${randomUUID().slice(0, 6)}`, 2);
    await expectOk(callApi('enrolInCourse', { token: student.accessToken, params: { courseId: course.courseId } }), 'enrol');
    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { courseId: course.courseId, lessonId: course.lessonIds[0]! } }), 'done');
    expect(await earned()).toEqual(['first-lesson']);

    await expectOk(callApi('markCourseLessonDone', { token: student.accessToken, params: { courseId: course.courseId, lessonId: course.lessonIds[1]! } }), 'done');
    await certificateOf(student);
    expect(await earned()).toEqual(['first-lesson', 'first-course']);

    const game = (correctCount: number) => api('/api/progress/games', {
      method: 'POST', token: student.accessToken,
      body: { gameId: randomUUID(), subject: 'Physics', mode: 'quiz', score: correctCount * 100, correctCount, questionCount: 10, durationSeconds: 120 },
    });
    for (const correct of [8, 9, 10, 8, 7]) expect((await game(correct)).status).toBe(201); // 70% does not count
    const quiz = (await expectOk(callApi('listMyBadges', { token: student.accessToken }), 'badges')).badges.find((b) => b.id === 'quiz-star');
    expect(quiz).toMatchObject({ current: 4, target: 5, earned: false });
    expect((await game(10)).status).toBe(201);
    expect(await earned()).toEqual(['first-lesson', 'first-course', 'quiz-star']);
  });
});

describe('certification programs', () => {
  it('the catalogue lists flagged programs only with program=true', async () => {
    const flagged = await freeCourse(`Program ${randomUUID().slice(0, 6)}`, 1, { certificationProgram: true });
    const plain = await freeCourse(`Plain ${randomUUID().slice(0, 6)}`, 1, { certificationProgram: false });
    const { courses } = await expectOk(callApi('browseCourses', { query: { program: 'true', limit: 48 } }), 'programs');
    expect(courses.every((c) => c.certificationProgram)).toBe(true);
    expect(courses.map((c) => c.id)).toContain(flagged.courseId);
    expect(courses.map((c) => c.id)).not.toContain(plain.courseId);
  });
});
