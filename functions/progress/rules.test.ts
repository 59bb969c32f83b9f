import { describe, expect, it } from 'vitest';
import { GAME_MODE_NAMES, pointsFor, SPEED_SECONDS } from './catalog.js';
import { SaveGameRequest } from './contract.js';
import { averagePercent, dayBefore, dayIn, minutesStudied, percentOf, scoreProblem, streakDays, usableTimeZone } from './rules.js';

const game = { gameId: '6f1c2d3e-4b5a-4c6d-8e7f-901234567890', subject: 'Physics', durationSeconds: 120 } as const;

describe('score bounds (quiz scoring)', () => {
  it('quiz and challenge score exactly 100 per correct answer', () => {
    expect(scoreProblem({ mode: 'quiz', score: 700, correctCount: 7, questionCount: 10 })).toBeNull();
    expect(scoreProblem({ mode: 'challenge', score: 0, correctCount: 0, questionCount: 10 })).toBeNull();
    expect(scoreProblem({ mode: 'quiz', score: 800, correctCount: 7, questionCount: 10 })).toMatch(/100 per correct answer/);
    expect(scoreProblem({ mode: 'challenge', score: 600, correctCount: 7, questionCount: 10 })).not.toBeNull();
  });

  it('speed scores at most 300 per correct answer, in tens', () => {
    expect(scoreProblem({ mode: 'speed', score: 3000, correctCount: 10, questionCount: 10 })).toBeNull();
    expect(scoreProblem({ mode: 'speed', score: 250, correctCount: 1, questionCount: 10 })).toBeNull();
    expect(scoreProblem({ mode: 'speed', score: 0, correctCount: 3, questionCount: 10 })).toBeNull();
    expect(scoreProblem({ mode: 'speed', score: 310, correctCount: 1, questionCount: 10 })).toMatch(/at most 300/);
    expect(scoreProblem({ mode: 'speed', score: 3010, correctCount: 10, questionCount: 10 })).not.toBeNull();
    expect(scoreProblem({ mode: 'speed', score: 255, correctCount: 1, questionCount: 10 })).toMatch(/multiple of 10/);
  });

  it('accepts every score the game gives (the same pointsFor) and nothing above its best', () => {
    for (const mode of GAME_MODE_NAMES) {
      for (let secondsLeft = 0; secondsLeft <= SPEED_SECONDS; secondsLeft++) {
        const points = pointsFor(mode, true, secondsLeft) + pointsFor(mode, false, secondsLeft);
        expect(scoreProblem({ mode, score: points * 2, correctCount: 2, questionCount: 10 }), `${mode} ${secondsLeft}s`).toBeNull();
      }
      const best = pointsFor(mode, true, SPEED_SECONDS);
      expect(scoreProblem({ mode, score: best + 1, correctCount: 1, questionCount: 10 }), mode).not.toBeNull();
    }
  });

  it('more correct answers than questions is refused in every mode', () => {
    expect(scoreProblem({ mode: 'quiz', score: 1100, correctCount: 11, questionCount: 10 })).toMatch(/more than the questions/);
  });

  it('the request schema refuses what the rules refuse, on the score field, and bounds the counts', () => {
    expect(SaveGameRequest.safeParse({ ...game, mode: 'speed', score: 2990, correctCount: 10, questionCount: 10 }).success).toBe(true);
    const tooHigh = SaveGameRequest.safeParse({ ...game, mode: 'quiz', score: 1000, correctCount: 9, questionCount: 10 });
    expect(tooHigh.success).toBe(false);
    expect(tooHigh.error?.issues[0]?.path).toEqual(['score']);
    for (const bad of [
      { questionCount: 21, correctCount: 0, score: 0 }, { questionCount: 0, correctCount: 0, score: 0 },
      { questionCount: 10, correctCount: -1, score: -100 }, { questionCount: 10, correctCount: 1, score: 100.5 },
    ]) expect(SaveGameRequest.safeParse({ ...game, mode: 'quiz', ...bad }).success, JSON.stringify(bad)).toBe(false);
    expect(SaveGameRequest.safeParse({ ...game, mode: 'quiz', score: 0, correctCount: 0, questionCount: 10, durationSeconds: 7201 }).success).toBe(false);
    expect(SaveGameRequest.safeParse({ ...game, gameId: 'abc', mode: 'quiz', score: 0, correctCount: 0, questionCount: 10 }).success).toBe(false);
  });
});

describe('percent and average', () => {
  it('a game is correct answers out of questions, whole percent', () => {
    expect(percentOf(8, 10)).toBe(80);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('the average counts every answer once, and is null before the first game', () => {
    expect(averagePercent(0, 0)).toBeNull();
    // 10/10 and 1/5: 11 of 15, not the mean of 100 % and 20 %.
    expect(averagePercent(11, 15)).toBe(73);
  });
});

describe('hours studied', () => {
  it('adds game seconds and lesson minutes, in whole minutes', () => {
    expect(minutesStudied(0, 0)).toBe(0);
    expect(minutesStudied(1800, 60)).toBe(90);
    expect(minutesStudied(100, 0)).toBe(2);
    expect(minutesStudied(29, 0)).toBe(0);
    expect(minutesStudied(3 * 3600, 120)).toBe(300);
  });
});

describe('days and streak', () => {
  it('a day is the calendar day in the student\'s zone', () => {
    const lateEvening = new Date('2026-03-01T21:30:00Z');
    expect(dayIn(lateEvening, 'Africa/Nairobi')).toBe('2026-03-02'); // 00:30 in Nairobi
    expect(dayIn(lateEvening, 'Africa/Lagos')).toBe('2026-03-01'); // 22:30 in Lagos
    expect(dayIn(lateEvening, 'UTC')).toBe('2026-03-01');
  });

  it('an unknown zone falls back to Africa/Nairobi', () => {
    expect(usableTimeZone('Mars/Olympus')).toBe('Africa/Nairobi');
    expect(usableTimeZone(undefined)).toBe('Africa/Nairobi');
    expect(usableTimeZone('Africa/Accra')).toBe('Africa/Accra');
    expect(dayIn(new Date('2026-03-01T21:30:00Z'), 'Mars/Olympus')).toBe('2026-03-02');
  });

  it('day arithmetic crosses months, years and leap days', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });

  it('counts days in a row ending today', () => {
    expect(streakDays(['2026-03-03', '2026-03-02', '2026-03-01', '2026-02-27'], '2026-03-03')).toBe(3);
  });

  it('a streak that reached yesterday still stands today; one that stopped before is 0', () => {
    expect(streakDays(['2026-03-02', '2026-03-01'], '2026-03-03')).toBe(2);
    expect(streakDays(['2026-03-01'], '2026-03-03')).toBe(0);
    expect(streakDays([], '2026-03-03')).toBe(0);
  });

  it('ignores days after today and repeated days, whatever their order', () => {
    expect(streakDays(['2026-03-04', '2026-03-03', '2026-03-03', '2026-03-02'], '2026-03-03')).toBe(2);
    expect(streakDays(['2026-02-28', '2026-03-01', '2026-02-27'], '2026-03-01')).toBe(3);
  });

  it('across the day boundary in the student\'s zone: practice at 23:50 and 00:10 Nairobi time is two days', () => {
    const days = [new Date('2026-03-01T20:50:00Z'), new Date('2026-03-01T21:10:00Z')].map((at) => dayIn(at, 'Africa/Nairobi'));
    expect(days).toEqual(['2026-03-01', '2026-03-02']);
    expect(streakDays(days, dayIn(new Date('2026-03-02T08:00:00Z'), 'Africa/Nairobi'))).toBe(2);
    // The same two moments in Lagos (UTC+1) are one day: a streak of 1.
    const lagos = [new Date('2026-03-01T20:50:00Z'), new Date('2026-03-01T21:10:00Z')].map((at) => dayIn(at, 'Africa/Lagos'));
    expect(streakDays(lagos, '2026-03-01')).toBe(1);
  });
});
