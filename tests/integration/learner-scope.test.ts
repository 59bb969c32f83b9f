/**
 * Acting for a learner, against the emulators over HTTP: a parent's games, study assistant
 * threads, course enrolments and certificates are kept under the child they were for (each
 * child's apart, the parent's own untouched), AI quotas stay the parent's, another household's
 * learner id answers 404 on every route that takes one and writes nothing, a course a child
 * completes issues the certificate in the child's name, and the parent dashboard's per-child
 * progress summary reads it all back.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nairobiDay } from '../../functions/ai/quota.js';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';
import type { SaveGameRequest } from '../../functions/progress/contract.js';
import { callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { listenForEvents, type EventListener } from '../support/events.js';
import { establishedAccount, getItem, table, verifyThroughKyc } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

const amani: LearnerDetailsInput = { firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: [] };
const zawadi: LearnerDetailsInput = { firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: [] };

let parent: TestUser;
let tutor: TestUser;
let older: string;
let younger: string;
let listener: EventListener<'CertificateIssued'>;

const addLearner = async (owner: TestUser, details: LearnerDetailsInput) =>
  (await expectOk(callApi('addLearner', { token: owner.accessToken, body: details }), 'add learner')).learner.id;

const game = (overrides: Partial<SaveGameRequest> = {}): SaveGameRequest => ({
  gameId: randomUUID(), subject: 'Mathematics', mode: 'quiz', score: 800, correctCount: 8, questionCount: 10, durationSeconds: 120, ...overrides,
});

const progressOf = async (learnerId?: string) =>
  expectOk(callApi('getMyProgress', { token: parent.accessToken, query: { learnerId } }), 'progress');

/** Every item kept under one partition (a learner's or a user's), to prove nothing was written. */
async function partition(pk: string) {
  const { doc, name } = table();
  return (await doc.send(new QueryCommand({ TableName: name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];
}

async function freeCourse(title: string, lessons = 2) {
  const token = tutor.accessToken;
  const { course } = await expectOk(callApi('createCourse', {
    token,
    body: { title, description: 'Practice', subject: 'Computer Science', level: 'professional', category: 'Skills', durationWeeks: 1, price: null, certificationProgram: true },
  }), 'create');
  const lessonIds: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const { course: own } = await expectOk(callApi('addCourseLesson', { token, params: { courseId: course.id }, body: { title: `Part ${i}`, text: 'Read' } }), 'lesson');
    lessonIds.push(own.lessons.at(-1)!.id);
  }
  await expectOk(callApi('publishCourse', { token, params: { courseId: course.id } }), 'publish');
  return { courseId: course.id, lessonIds };
}

beforeAll(async () => {
  useStackEnvironment();
  [parent, tutor] = await Promise.all([createUser('parent', { firstName: 'Wambui' }).then(establishedAccount), createUser('tutor', { firstName: 'Otieno' })]);
  await verifyThroughKyc(tutor);
  older = await addLearner(parent, zawadi);
  younger = await addLearner(parent, amani);
  listener = await listenForEvents(['CertificateIssued']);
});
afterAll(async () => listener?.close());

describe('games for a learner', () => {
  it('keeps each child\'s scores and streak apart, and the parent\'s own figures untouched', async () => {
    const forYounger = await callApi('saveGame', { token: parent.accessToken, body: { ...game({ correctCount: 9, score: 900 }), learnerId: younger } });
    expect(forYounger.status).toBe(201);
    expect(forYounger.body).not.toHaveProperty('learnerId');
    await expectOk(callApi('saveGame', { token: parent.accessToken, body: { ...game({ subject: 'Chemistry', correctCount: 4, score: 400 }), learnerId: older } }), 'older');

    const [y, o, own] = await Promise.all([progressOf(younger), progressOf(older), progressOf()]);
    expect(y.recentGames.map((g) => [g.subject, g.percent])).toEqual([['Mathematics', 90]]);
    expect(o.recentGames.map((g) => [g.subject, g.percent])).toEqual([['Chemistry', 40]]);
    expect([y.streakDays, o.streakDays]).toEqual([1, 1]);
    expect(own.recentGames).toEqual([]);
    expect(own.gamesPlayed).toBe(0);
    // Kept under the learner's own partition: one Query reads a child's games.
    expect((await partition(`PROGRESS#${younger}`)).some((item) => String(item.sk).startsWith('GAME#'))).toBe(true);
  });
});

describe('the study assistant for a learner', () => {
  it('keeps each child\'s threads apart, and counts the message against the parent\'s quota', async () => {
    const before = ((await getItem(`AIUSE#${parent.userId}`, `DAY#${nairobiDay(new Date())}`))?.chat as number | undefined) ?? 0;
    const sent = await expectOk(callApi('sendChatMessage', {
      token: parent.accessToken, body: { type: 'explain_concept', subject: 'Mathematics', difficulty: 'easy', prompt: 'What is a fraction?', learnerId: younger },
    }), 'chat');
    const threads = async (learnerId?: string) =>
      (await expectOk(callApi('listConversations', { token: parent.accessToken, query: { learnerId } }), 'list')).conversations.map((c) => c.id);
    expect(await threads(younger)).toEqual([sent.conversation.id]);
    expect(await threads(older)).toEqual([]);
    expect(await threads()).toEqual([]);
    // Another child cannot open or delete the thread; its own child can.
    const id = sent.conversation.id;
    expect((await callApi('getConversation', { token: parent.accessToken, params: { conversationId: id }, query: { learnerId: older } })).status).toBe(404);
    expect((await expectOk(callApi('getConversation', { token: parent.accessToken, params: { conversationId: id }, query: { learnerId: younger } }), 'get')).messages).toHaveLength(2);
    expect(((await getItem(`AIUSE#${parent.userId}`, `DAY#${nairobiDay(new Date())}`))?.chat as number)).toBe(before + 1);
    expect(await getItem(`AIUSE#${younger}`, `DAY#${nairobiDay(new Date())}`)).toBeUndefined();
    expect((await callApi('deleteConversation', { token: parent.accessToken, params: { conversationId: id }, query: { learnerId: younger } })).status).toBe(204);
    expect(await threads(younger)).toEqual([]);
  });
});

describe('courses and certificates for a learner', () => {
  it('enrols two children in one course apart; the one who completes it gets a certificate in their own name', async () => {
    const title = `Fractions ${randomUUID().slice(0, 6)}`;
    const course = await freeCourse(title);
    const token = parent.accessToken;
    await expectOk(callApi('enrolInCourse', { token, params: { courseId: course.courseId }, query: { learnerId: younger } }), 'enrol younger');
    await expectOk(callApi('enrolInCourse', { token, params: { courseId: course.courseId }, query: { learnerId: older } }), 'enrol older');
    expect((await expectOk(callApi('listMyEnrolments', { token }), 'own')).enrolments).toEqual([]);

    await expectOk(callApi('markCourseLessonDone', { token, params: { courseId: course.courseId, lessonId: course.lessonIds[0]! }, query: { learnerId: older } }), 'older half');
    for (const lessonId of course.lessonIds) {
      await expectOk(callApi('markCourseLessonDone', { token, params: { courseId: course.courseId, lessonId }, query: { learnerId: younger } }), 'younger done');
    }
    const learnOlder = await expectOk(callApi('learnCourse', { token, params: { courseId: course.courseId }, query: { learnerId: older } }), 'learn');
    expect(learnOlder.progress).toMatchObject({ done: 1, total: 2, percent: 50 });

    const cert = await eventually(async () =>
      (await expectOk(callApi('listMyCertificates', { token, query: { learnerId: younger } }), 'certs')).certificates[0], 30_000);
    expect(cert).toMatchObject({ learnerName: 'Amani Mwangi', courseTitle: title, status: 'valid' });
    // Anyone verifying it sees the child's name.
    expect((await expectOk(callApi('getCertificate', { params: { code: cert.code } }), 'verify')).learnerName).toBe('Amani Mwangi');
    // The announcement names the household: the parent is the contact the e-mail goes to.
    const issued = await eventually(async () => (await listener.received()).find((e) => e.detail.code === cert.code), 30_000);
    expect(issued.detail).toMatchObject({ studentId: younger, parentId: parent.userId });
    expect((await expectOk(callApi('listMyCertificates', { token, query: { learnerId: older } }), 'older certs')).certificates).toEqual([]);
    expect((await expectOk(callApi('listMyCertificates', { token }), 'own certs')).certificates).toEqual([]);

    // The per-child summary the parent dashboard shows.
    const summaryYounger = await expectOk(callApi('getLearnerProgress', { token, params: { learnerId: younger } }), 'summary younger');
    expect(summaryYounger.recentScores.map((s) => [s.subject, s.percent])).toEqual([['Mathematics', 90]]);
    expect(summaryYounger.streakDays).toBe(1);
    expect(summaryYounger.coursesInProgress).toEqual([]);
    expect(summaryYounger.certificates).toEqual([{ code: cert.code, courseTitle: title, issuedAt: cert.issuedAt, status: 'valid' }]);
    const summaryOlder = await expectOk(callApi('getLearnerProgress', { token, params: { learnerId: older } }), 'summary older');
    expect(summaryOlder.recentScores.map((s) => [s.subject, s.percent])).toEqual([['Chemistry', 40]]);
    expect(summaryOlder.coursesInProgress).toEqual([{ courseId: course.courseId, title, percent: 50 }]);
    expect(summaryOlder.certificates).toEqual([]);
  });

  it('a new child\'s summary is empty; a free course is enrolled, not paid for (422)', async () => {
    const child = await addLearner(parent, { ...amani, firstName: 'Baraka' });
    expect(await expectOk(callApi('getLearnerProgress', { token: parent.accessToken, params: { learnerId: child } }), 'empty'))
      .toEqual({ recentScores: [], streakDays: 0, coursesInProgress: [], certificates: [] });
    const course = await freeCourse(`Any ${randomUUID().slice(0, 6)}`, 1);
    const paid = await callApi('payForCourse', { token: parent.accessToken, params: { courseId: course.courseId }, query: { learnerId: child } });
    expect(paid.status).toBe(422);
  });
});

describe('another household\'s learner', () => {
  it('answers 404 on every route that takes a learner, and writes nothing under it', async () => {
    const stranger = await createUser('parent').then(establishedAccount);
    const course = await freeCourse(`Scoped ${randomUUID().slice(0, 6)}`, 1);
    const token = stranger.accessToken;
    const learnerId = younger;
    const courseId = course.courseId;
    const before = {
      progress: await partition(`PROGRESS#${learnerId}`), chat: await partition(`AICHAT#${learnerId}`),
    };
    const calls = {
      saveGame: callApi('saveGame', { token, body: { ...game(), learnerId } }),
      getMyProgress: callApi('getMyProgress', { token, query: { learnerId } }),
      getLearnerProgress: callApi('getLearnerProgress', { token, params: { learnerId } }),
      sendChatMessage: callApi('sendChatMessage', { token, body: { type: 'explain_concept', subject: 'Mathematics', prompt: 'hi', learnerId } }),
      listConversations: callApi('listConversations', { token, query: { learnerId } }),
      getConversation: callApi('getConversation', { token, params: { conversationId: randomUUID() }, query: { learnerId } }),
      deleteConversation: callApi('deleteConversation', { token, params: { conversationId: randomUUID() }, query: { learnerId } }),
      enrolInCourse: callApi('enrolInCourse', { token, params: { courseId }, query: { learnerId } }),
      learnCourse: callApi('learnCourse', { token, params: { courseId }, query: { learnerId } }),
      markCourseLessonDone: callApi('markCourseLessonDone', { token, params: { courseId, lessonId: course.lessonIds[0]! }, query: { learnerId } }),
      listMyEnrolments: callApi('listMyEnrolments', { token, query: { learnerId } }),
      payForCourse: callApi('payForCourse', { token, params: { courseId }, query: { learnerId } }),
      listMyCertificates: callApi('listMyCertificates', { token, query: { learnerId } }),
      listMyBadges: callApi('listMyBadges', { token, query: { learnerId } }),
    };
    const statuses = Object.fromEntries(await Promise.all(Object.entries(calls).map(async ([name, call]) => [name, (await call).status])));
    expect(statuses).toEqual(Object.fromEntries(Object.keys(calls).map((name) => [name, 404])));
    // A student naming a learner names nothing of theirs either.
    const student = await createUser('student');
    expect((await callApi('getMyProgress', { token: student.accessToken, query: { learnerId } })).status).toBe(404);

    expect(await partition(`PROGRESS#${learnerId}`)).toEqual(before.progress);
    expect(await partition(`AICHAT#${learnerId}`)).toEqual(before.chat);
    expect(await getItem(`COURSE#${courseId}`, `ENROL#${learnerId}`)).toBeUndefined();
    expect(await getItem(`AIUSE#${stranger.userId}`, `DAY#${nairobiDay(new Date())}`)).toBeUndefined();
    expect(await partition(`PROGRESS#${stranger.userId}`)).toEqual([]);
  });

  it('removing a child in My children erases the child\'s games too, not only the record', async () => {
    const learnerId = await addLearner(parent, { ...zawadi, firstName: 'Neema' });
    await expectOk(callApi('saveGame', { token: parent.accessToken, body: { ...game(), learnerId } }), 'game');
    expect(await partition(`PROGRESS#${learnerId}`)).not.toEqual([]);
    expect((await callApi('removeLearner', { token: parent.accessToken, params: { learnerId } })).status).toBe(204);
    // Gone from the household at once; the erasing job follows.
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, `LEARNER#${learnerId}`)).toBeUndefined();
    await eventually(async () => (await partition(`PROGRESS#${learnerId}`)).length === 0, 20_000);
  });
});
