import { describe, expect, it } from 'vitest';
import type { QuizQuestion } from '@functions/ai/contract';
import {
  gameProgress, gameReducer, gameResult, GAME_LENGTH, isAiQuestion, modeOpen, newGame, nextDifficulty, optionForKey, optionLetter,
  secondsLeftAt, type GameAction, type GameState,
} from './game';

const LEVELS = ['easy', 'medium', 'hard'] as const;

/** 15 questions, 5 per difficulty, given hard first to show the game sorts them; the answer is always B. */
function pool(): QuizQuestion[] {
  return [...LEVELS].reverse().flatMap((difficulty) => Array.from({ length: 5 }, (_, i) => ({
    id: `bank:maths:${difficulty}-${i}`,
    question: `${difficulty} question ${i}`,
    options: ['w', 'right', 'x', 'y'],
    correctIndex: 1,
    explanation: 'Because.',
    difficulty,
    topic: 'Algebra',
  })));
}

const T0 = 1_000_000;
const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const right = (now = T0): GameAction => ({ type: 'answer', choice: 1, now });
const wrong = (now = T0): GameAction => ({ type: 'answer', choice: 0, now });
const next = (now = T0): GameAction => ({ type: 'next', now });
const current = (state: GameState) => state.played.at(-1)!;

describe('a quiz game', () => {
  it('scores 100 per correct answer, counts the streak and resets it on a wrong answer', () => {
    let game = newGame(pool(), T0);
    expect(game.mode).toBe('quiz');
    game = run(game, right(), next(), right(), next());
    expect([game.score, game.streak]).toEqual([200, 2]);
    game = run(game, wrong());
    expect([game.score, game.streak]).toEqual([200, 0]);
    expect(gameProgress(game).lastAnswer).toEqual({ questionId: current(game).id, chosen: 0, correct: false, points: 0 });
    game = run(game, next(), right());
    expect([game.score, game.streak]).toEqual([300, 1]);
  });

  it('plays ten questions spread from easy to hard, then finishes on the last Next', () => {
    let game = newGame(pool(), T0);
    const seen: string[] = [];
    for (let i = 0; i < GAME_LENGTH; i++) {
      seen.push(current(game).difficulty);
      expect(gameProgress(game)).toMatchObject({ number: i + 1, total: 10, percent: i * 10, isLast: i === 9 });
      game = run(game, right(), next());
    }
    expect(seen).toEqual(['easy', 'easy', 'easy', 'easy', 'medium', 'medium', 'medium', 'hard', 'hard', 'hard']);
    expect(game.phase).toBe('finished');
    expect(gameProgress(game)).toMatchObject({ percent: 100, correctCount: 10 });
    expect(game.score).toBe(1000);
  });

  it('locks the answer: a second choice, or Next before answering, changes nothing', () => {
    const answered = run(newGame(pool(), T0), wrong());
    expect(run(answered, right())).toBe(answered);
    const asking = newGame(pool(), T0);
    expect(run(asking, next())).toBe(asking);
    expect(run(asking, { type: 'answer', choice: 4, now: T0 })).toBe(asking);
  });

  it('a short quiz from the server is a short game', () => {
    const game = newGame(pool().slice(0, 3), T0);
    expect(game.total).toBe(3);
    expect(run(game, right(), next(), right(), next(), right(), next()).phase).toBe('finished');
  });

  it('restart starts over with the same questions and the mode chooser back', () => {
    const played = run(newGame(pool(), T0), { type: 'mode', mode: 'challenge', now: T0 }, right(), next(), wrong());
    expect(modeOpen(played)).toBe(false);
    const again = run(played, { type: 'restart', now: T0 });
    expect([again.score, again.streak, again.answers.length, again.played.length, again.mode]).toEqual([0, 0, 0, 1, 'challenge']);
    expect(modeOpen(again)).toBe(true);
  });
});

describe('choosing the mode (first question only)', () => {
  it('is open on the first question until it is answered, and closed after', () => {
    const game = newGame(pool(), T0);
    expect(modeOpen(game)).toBe(true);
    const speed = run(game, { type: 'mode', mode: 'speed', now: T0 });
    expect(speed.mode).toBe('speed');
    const answered = run(speed, right(T0 + 1000));
    expect(modeOpen(answered)).toBe(false);
    expect(run(answered, { type: 'mode', mode: 'quiz', now: T0 }).mode).toBe('speed');
    expect(run(answered, next(), { type: 'mode', mode: 'quiz', now: T0 }).mode).toBe('speed');
  });
});

describe('challenge mode: adaptive difficulty', () => {
  it('moves one difficulty up after a correct answer and one down after a wrong one, within the three', () => {
    expect(nextDifficulty('easy', true)).toBe('medium');
    expect(nextDifficulty('medium', true)).toBe('hard');
    expect(nextDifficulty('hard', true)).toBe('hard');
    expect(nextDifficulty('hard', false)).toBe('medium');
    expect(nextDifficulty('easy', false)).toBe('easy');
  });

  it('asks the questions that follow from the answers, and the nearest difficulty once one runs out', () => {
    let game = run(newGame(pool(), T0), { type: 'mode', mode: 'challenge', now: T0 });
    const levels = [current(game).difficulty];
    const answers = [right, right, right, wrong, wrong, wrong, right, right, right];
    for (const choose of answers) {
      game = run(game, choose(), next());
      levels.push(current(game).difficulty);
    }
    expect(levels).toEqual(['easy', 'medium', 'hard', 'hard', 'medium', 'easy', 'easy', 'medium', 'hard', 'hard']);
    // Five hard questions in the pool: a sixth correct answer in a row at hard gets a medium one.
    let strong = run(newGame(pool(), T0), { type: 'mode', mode: 'challenge', now: T0 });
    for (let i = 0; i < 7; i++) strong = run(strong, right(), next());
    expect(strong.played.map((q) => q.difficulty)).toEqual(['easy', 'medium', 'hard', 'hard', 'hard', 'hard', 'hard', 'medium']);
    expect(new Set(strong.played.map((q) => q.id)).size).toBe(8);
    expect(strong.score).toBe(700);
  });
});

describe('speed mode: 30 seconds a question', () => {
  const speed = () => run(newGame(pool(), T0), { type: 'mode', mode: 'speed', now: T0 });

  it('scores the seconds left × 10 for a correct answer and nothing for a wrong one', () => {
    const quick = run(speed(), right(T0 + 4_200));
    expect([quick.score, quick.secondsLeft]).toEqual([260, 26]);
    expect(run(speed(), wrong(T0 + 1000)).score).toBe(0);
  });

  it('counts down by the clock, warns at 10 seconds, and a timeout is a wrong answer that reveals the answer', () => {
    let game = speed();
    expect([game.secondsLeft, gameProgress(game).warning]).toEqual([30, false]);
    game = run(game, { type: 'tick', now: T0 + 19_500 });
    expect([game.secondsLeft, gameProgress(game).warning]).toEqual([11, false]);
    game = run(game, { type: 'tick', now: T0 + 20_000 });
    expect([game.secondsLeft, gameProgress(game).warning]).toEqual([10, true]);
    game = run(game, right(T0 + 2000), next(T0 + 3000));
    game = run(game, { type: 'tick', now: T0 + 33_000 });
    expect([game.phase, game.secondsLeft, game.streak]).toEqual(['answered', 0, 0]);
    expect(gameProgress(game).lastAnswer).toMatchObject({ chosen: null, correct: false, points: 0 });
    // After the answer the clock stops: later ticks change nothing.
    expect(run(game, { type: 'tick', now: T0 + 60_000 })).toBe(game);
  });

  it('gives each question its own 30 seconds from when it appears', () => {
    const game = run(speed(), right(T0 + 25_000), next(T0 + 40_000));
    expect(game.deadline).toBe(T0 + 70_000);
    expect(run(game, right(T0 + 41_000)).score).toBe(50 + 290);
  });

  it('a tick that changes no whole second returns the same state (no re-render)', () => {
    const game = speed();
    expect(run(game, { type: 'tick', now: T0 + 300 })).toBe(game);
    expect(secondsLeftAt(T0 + 30_000, T0 + 29_001)).toBe(1);
    expect(secondsLeftAt(T0 + 30_000, T0 + 31_000)).toBe(0);
  });

  it('a quiz mode game has no timer', () => {
    const game = newGame(pool(), T0);
    expect([game.deadline, game.secondsLeft]).toEqual([null, null]);
    expect(run(game, { type: 'tick', now: T0 + 99_000 })).toBe(game);
  });
});

describe('options and badges', () => {
  it('letters options A–D and maps the A–D keys (either case) to them', () => {
    expect([0, 1, 2, 3].map(optionLetter)).toEqual(['A', 'B', 'C', 'D']);
    expect(['a', 'B', 'd', 'e', 'Enter', '1'].map((key) => optionForKey(key, 4))).toEqual([0, 1, 3, null, null, null]);
  });

  it('knows a model question by its id', () => {
    expect(isAiQuestion({ ...pool()[0]!, id: 'ai:1234' })).toBe(true);
    expect(isAiQuestion(pool()[0]!)).toBe(false);
  });
});

describe('the result a finished game saves', () => {
  it('nothing while playing; then mode, score, counts and the seconds from start (or restart) to finish', () => {
    let game = run(newGame(pool(), T0), { type: 'mode', mode: 'speed', now: T0 });
    expect(gameResult(game)).toBeNull();
    for (let i = 0; i < GAME_LENGTH; i++) game = run(game, i < 7 ? right(T0 + i * 20_000 + 5_000) : wrong(T0 + i * 20_000 + 5_000), next(T0 + (i + 1) * 20_000));
    expect(game.phase).toBe('finished');
    expect(gameResult(game)).toEqual({ mode: 'speed', score: 7 * 250, correctCount: 7, questionCount: GAME_LENGTH, durationSeconds: 200 });

    const again = run(game, { type: 'restart', now: T0 + 300_000 });
    expect(gameResult(again)).toBeNull();
    expect(again.startedAt).toBe(T0 + 300_000);
  });

  it('counts at most two hours of one game, and a game without questions is not saved', () => {
    let game = newGame(pool(), T0);
    for (let i = 0; i < GAME_LENGTH; i++) game = run(game, right(), next(T0 + 5 * 3600_000));
    expect(gameResult(game)).toMatchObject({ mode: 'quiz', score: GAME_LENGTH * 100, durationSeconds: 7200 });
    expect(gameResult(newGame([], T0))).toBeNull();
  });
});
