/**
 * Progress by subject end to end (the gateway, the handler, DynamoDB Local): a parent reads their
 * child's figures by subject and week, built from the child's reported lessons (topics, homework
 * done) and quiz games; another household's learner is 404, a tutor 403; a student reads their own.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { mondayOf, weekStarts } from '../../functions/progress/subject-rules.js';
import { api, callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { book, bookableTutor, freeStarts, moveLesson, payBooking, table } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

const NAIROBI = 'Africa/Nairobi';
const nairobiDate = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(0, 10);
const readSubjects = (who: Pick<TestUser, 'accessToken'>, learnerId?: string) =>
  callApi('getSubjectProgress', { token: who.accessToken, query: learnerId ? { learnerId } : {} });

/** A finished game stored as the game route stores it, at a past instant (the route stamps now). */
async function pastGame(ownerId: string, subject: string, finishedAt: string, correctCount: number) {
  const { doc, name } = table();
  const gameId = randomUUID();
  const game = { gameId, subject, mode: 'quiz', score: correctCount * 100, correctCount, questionCount: 10, durationSeconds: 300, percent: correctCount * 10, finishedAt };
  await doc.send(new PutCommand({ TableName: name, Item: { pk: `PROGRESS#${ownerId}`, sk: `GAME#${finishedAt}#${gameId}`, ...game } }));
}

/** A parent with one child whose Chemistry lesson two hours ago is reported (topic, homework due today, marked done); a Physics lesson held, unreported; one missed. */
async function childWithChemistryLesson() {
  const [parent, tutor] = await Promise.all([createUser('parent'), bookableTutor()]);
  const { learner } = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName: 'Amani', lastName: 'Otieno', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] },
  }), 'add learner');
  await expectOk(callApi('updateMyProfile', { token: tutor.accessToken, body: { preferredSubjects: ['Chemistry', 'Physics'] } }), 'tutor subjects');
  const [start] = await freeStarts(tutor.userId);
  const booked = await book(parent, tutor.userId, start!, 60, { learnerId: learner.id, subject: 'Chemistry' });
  expect(booked.status).toBe(201);
  await payBooking(parent, booked.body.booking);
  const bookingId = booked.body.booking.id as string;
  const scheduledAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
  await moveLesson(bookingId, scheduledAt);
  useStackEnvironment();
  await completeLesson(bookingId, 'ended_by_tutor');
  const report = { revision: 0, topics: ['Mole concept', 'Titration'], performance: 'getting_there', nextSteps: 'More titration practice.', homework: { text: 'Titration questions', dueDate: nairobiDate(scheduledAt) } };
  await expectOk(callApi('saveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: report as never }), 'save report');
  await expectOk(callApi('approveLessonReport', { token: tutor.accessToken, params: { bookingId }, body: { revision: 1 } }), 'approve');
  await expectOk(callApi('markLessonHomework', { token: parent.accessToken, params: { bookingId }, body: { done: true } }), 'homework done');
  // A Physics lesson held the same day and not reported (yet): a lesson, with no topics. And one the child missed: not a lesson held.
  const [, physicsStart, missedStart] = await freeStarts(tutor.userId);
  for (const [start, reason] of [[physicsStart!, 'ended_by_tutor'], [missedStart!, 'student_no_show']] as const) {
    const held = await book(parent, tutor.userId, start, 60, { learnerId: learner.id, subject: 'Physics' });
    expect(held.status).toBe(201);
    await payBooking(parent, held.body.booking);
    await moveLesson(held.body.booking.id as string, new Date(Date.parse(scheduledAt) - (reason === 'ended_by_tutor' ? 1 : 2) * 3_600_000).toISOString());
    await completeLesson(held.body.booking.id as string, reason);
  }
  return { parent, tutor, learnerId: learner.id as string, scheduledAt };
}

describe('progress by subject', () => {
  it('a parent reads their child\'s subjects: the reported lesson\'s topics and homework, games by week with gaps; others cannot', async () => {
    const { parent, tutor, learnerId, scheduledAt } = await childWithChemistryLesson();
    const weeks = weekStarts(new Date(), NAIROBI);
    // Chemistry rising: 50 % eight weeks ago, 70 % four weeks ago, nothing in between.
    const weekAt = (index: number) => new Date(Date.parse(`${weeks[index]!}T09:00:00Z`)).toISOString(); // Monday noon EAT
    await pastGame(learnerId, 'Chemistry', weekAt(3), 5);
    await pastGame(learnerId, 'Chemistry', weekAt(7), 7);
    await pastGame(learnerId, 'Chemistry', weekAt(7), 9);
    await pastGame(learnerId, 'Physics', weekAt(7), 4);
    // Older than the twelve weeks: not read.
    await pastGame(learnerId, 'Chemistry', new Date(Date.parse(`${weeks[0]!}T09:00:00Z`) - 7 * 86_400_000).toISOString(), 1);

    const progress = await eventually(async () => {
      const read = await expectOk(readSubjects(parent, learnerId), 'read');
      return read.subjects.find((s) => s.subject === 'Chemistry')?.topics.length && read.subjects.find((s) => s.subject === 'Physics')?.totals.lessons ? read : null;
    });
    expect(progress.weeks).toEqual(weeks);
    expect(progress.subjects.map((s) => s.subject)).toEqual(['Chemistry', 'Physics']);
    const chemistry = progress.subjects[0]!;
    expect(chemistry.weeks.map((w) => w.averagePercent)).toEqual([null, null, null, 50, null, null, null, 80, null, null, null, null]);
    const lessonWeek = chemistry.weeks.find((w) => w.weekStart === mondayOf(nairobiDate(scheduledAt)))!;
    expect(lessonWeek).toMatchObject({ lessons: 1, homeworkDue: 1, homeworkDone: 1 });
    expect(chemistry.topics).toEqual([{ topic: 'Mole concept', date: nairobiDate(scheduledAt) }, { topic: 'Titration', date: nairobiDate(scheduledAt) }]);
    expect(chemistry.totals).toEqual({ lessons: 1, homeworkDue: 1, homeworkDone: 1, gamesPlayed: 3, averagePercent: 70 });
    expect(progress.subjects[1]!.totals).toMatchObject({ lessons: 1, gamesPlayed: 1, averagePercent: 40 });
    expect(progress.subjects[1]!.topics).toEqual([]);
    expect(progress.totals).toEqual({ lessons: 2, homeworkDue: 1, homeworkDone: 1, gamesPlayed: 4, averagePercent: 63 });

    // A game played now, through the route, under the child.
    const played = { gameId: randomUUID(), learnerId, subject: 'Chemistry', mode: 'quiz', score: 600, correctCount: 6, questionCount: 10, durationSeconds: 120 };
    expect((await api('/api/progress/games', { method: 'POST', token: parent.accessToken, body: played })).status).toBe(201);
    const after = await expectOk(readSubjects(parent, learnerId), 'read again');
    expect(after.subjects[0]!.weeks.at(-1)).toMatchObject({ gamesPlayed: 1, averagePercent: 60 });

    // Another household's parent: 404, nothing of the child's; the tutor: 403; the parent without a learner: their own (empty).
    const stranger = await createUser('parent');
    const refused = await readSubjects(stranger, learnerId);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('Titration');
    expect((await readSubjects(tutor, learnerId)).status).toBe(403);
    expect((await readSubjects(tutor)).status).toBe(403);
    expect((await expectOk(readSubjects(parent), 'own')).subjects).toEqual([]);
  });

  it('a student reads their own games, and naming another learner is 404', async () => {
    const student = await createUser('student');
    const empty = await expectOk(readSubjects(student), 'empty');
    expect(empty).toMatchObject({ timeZone: NAIROBI, subjects: [], totals: { gamesPlayed: 0, averagePercent: null } });
    expect(empty.weeks).toHaveLength(12);
    const played = { gameId: randomUUID(), subject: 'Biology', mode: 'quiz', score: 900, correctCount: 9, questionCount: 10, durationSeconds: 200 };
    expect((await api('/api/progress/games', { method: 'POST', token: student.accessToken, body: played })).status).toBe(201);
    const own = await expectOk(readSubjects(student), 'own');
    expect(own.subjects).toEqual([expect.objectContaining({ subject: 'Biology', totals: { lessons: 0, homeworkDue: 0, homeworkDone: 0, gamesPlayed: 1, averagePercent: 90 } })]);
    expect((await readSubjects(student, randomUUID())).status).toBe(404);
  });
});
