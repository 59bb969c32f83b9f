/**
 * Progress end to end: games saved over HTTP once per game id, refused when the
 * score cannot be true, each student's figures their own, and a completed lesson (completed by
 * bookings' service, announced by LessonCompleted, counted by the progress consumer through the
 * event runner) in Hours Studied and the Streak, once however often the event comes.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import type { ProgressSummary, SaveGameRequest } from '../../functions/progress/contract.js';
import { publishEvent } from '../../functions/shared/events.js';
import { api, callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { moveLesson, paidLesson } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const game = (overrides: Partial<SaveGameRequest> = {}): SaveGameRequest => ({
  gameId: randomUUID(), subject: 'Physics', mode: 'quiz', score: 800, correctCount: 8, questionCount: 10, durationSeconds: 300, ...overrides,
});
const save = (user: TestUser, body: unknown) => api('/api/progress/games', { method: 'POST', token: user.accessToken, body });
const progress = (user: TestUser) => expectOk(callApi('getMyProgress', { token: user.accessToken }), 'progress');

describe('POST /api/progress/games', () => {
  let student: TestUser;
  beforeAll(async () => {
    student = await createUser('student');
  });

  it('saves a finished game once: a retry with the same game id answers the first save and counts nothing again', async () => {
    const body = game({ subject: 'Chemistry', mode: 'speed', score: 2150, correctCount: 9 });
    const first = await save(student, body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...body, percent: 90 });
    const retries = await Promise.all([save(student, body), save(student, body)]);
    for (const retry of retries) {
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
    }
    const mine = await progress(student);
    expect(mine.gamesPlayed).toBe(1);
    expect(mine.recentGames).toEqual([first.body]);
  });

  it('refuses scores the mode cannot give (400 on the score), counts beyond the questions and signed-out callers', async () => {
    for (const bad of [
      game({ mode: 'quiz', score: 1000, correctCount: 9 }),
      game({ mode: 'challenge', score: 900, correctCount: 10 }),
      game({ mode: 'speed', score: 3010, correctCount: 10 }),
      game({ correctCount: 11, score: 1100 }),
      game({ questionCount: 21 }),
      game({ durationSeconds: -5 }),
    ]) {
      const res = await save(student, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const scoreTooHigh = await save(student, game({ mode: 'quiz', score: 1000, correctCount: 9 }));
    expect(scoreTooHigh.body.error.details.fields).toContainEqual(expect.objectContaining({ path: 'score' }));
    expect((await api('/api/progress/games', { method: 'POST', body: game() })).status).toBe(401);
    expect((await api('/api/progress')).status).toBe(401);
  });
});

describe('GET /api/progress', () => {
  it('a new student has no figures to show: no games, no average, no streak, 0 hours', async () => {
    const fresh = await createUser('student');
    expect(await progress(fresh)).toEqual({
      recentGames: [], gamesPlayed: 0, averagePercent: null, streakDays: 0, minutesStudied: 0, lessonsCompleted: 0, timeZone: 'Africa/Nairobi',
    } satisfies ProgressSummary);
  });

  it('each student reads only their own progress, even when game ids collide', async () => {
    const [amina, brian] = await Promise.all([createUser('student'), createUser('student')]);
    const shared = game({ score: 1000, correctCount: 10 });
    expect((await save(amina, shared)).status).toBe(201);
    expect((await progress(brian)).gamesPlayed).toBe(0);
    // Brian's save under the same id is his own game, not a repeat of Amina's.
    expect((await save(brian, { ...shared, score: 300, correctCount: 3 })).status).toBe(201);
    expect((await progress(amina)).recentGames.map((g) => g.correctCount)).toEqual([10]);
    expect((await progress(brian)).recentGames.map((g) => g.correctCount)).toEqual([3]);
  });

  it('the figures after six games and a completed lesson: last five newest first, average, streak and hours', async () => {
    const { student, tutor, booking } = await paidLesson();
    const played: SaveGameRequest[] = [
      game({ score: 1000, correctCount: 10, durationSeconds: 600 }),
      game({ mode: 'speed', score: 0, correctCount: 0, durationSeconds: 300 }),
      game({ score: 500, correctCount: 5, durationSeconds: 600 }),
      game({ mode: 'challenge', score: 900, correctCount: 9, durationSeconds: 600 }),
      game({ score: 800, correctCount: 8, durationSeconds: 600 }),
      game({ subject: 'History', score: 200, correctCount: 2, questionCount: 5, durationSeconds: 900 }),
    ];
    for (const body of played) expect((await save(student, body)).status).toBe(201);

    // The lesson was held yesterday (its start moved there) and ends now, as the tutor ends it.
    await moveLesson(booking.id, new Date(Date.now() - 24 * 3600_000).toISOString());
    expect(await completeLesson(booking.id, 'ended_by_tutor')).toBe(true);
    const counted = await eventually(async () => {
      const now = await progress(student);
      return now.lessonsCompleted > 0 && now;
    }, 20_000);

    expect(counted.gamesPlayed).toBe(6);
    expect(counted.recentGames.map((g) => g.gameId)).toEqual(played.slice(1).reverse().map((g) => g.gameId));
    expect(counted.recentGames.map((g) => g.percent)).toEqual([40, 80, 90, 50, 0]);
    // 34 correct of 55 questions.
    expect(counted.averagePercent).toBe(62);
    // 3,600 s of games and a 60-minute lesson.
    expect(counted.minutesStudied).toBe(120);
    // Yesterday's lesson and today's games.
    expect(counted.streakDays).toBe(2);
    expect(counted.lessonsCompleted).toBe(1);

    // Delivered again (at-least-once): counted once.
    await publishEvent('LessonCompleted', {
      bookingId: booking.id, studentId: student.userId, tutorId: tutor.userId, subject: 'Mathematics',
      scheduledAt: new Date(Date.now() - 24 * 3600_000).toISOString(), durationMinutes: booking.durationMinutes,
      reason: 'ended_by_tutor', occurredAt: new Date().toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await progress(student)).toMatchObject({ lessonsCompleted: 1, minutesStudied: 120 });
  });
});
