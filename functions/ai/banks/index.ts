/**
 * The built-in question banks (fallback sets for the six subjects), written for this
 * product at KCSE level. They answer whenever the model is off, slow, over quota or wrong, so
 * every question is checked by banks.test.ts. Ids are `bank:{subject}:{n}` (position in the bank).
 */
import type { Difficulty, QuizDifficulty, QuizQuestion, QuizSubject } from '../contract.js';
import { biology } from './biology.js';
import { chemistry } from './chemistry.js';
import { english } from './english.js';
import { history } from './history.js';
import { mathematics } from './mathematics.js';
import { physics } from './physics.js';

const withIds = (subject: QuizSubject, questions: ReadonlyArray<Omit<QuizQuestion, 'id'>>): readonly QuizQuestion[] =>
  questions.map((question, i) => ({ id: `bank:${subject.toLowerCase()}:${i + 1}`, ...question }));

export const banks: Record<QuizSubject, readonly QuizQuestion[]> = {
  Mathematics: withIds('Mathematics', mathematics),
  Physics: withIds('Physics', physics),
  Chemistry: withIds('Chemistry', chemistry),
  Biology: withIds('Biology', biology),
  English: withIds('English', english),
  History: withIds('History', history),
};

/** Fisher–Yates on a copy; `random` is injectable so tests can fix the order. */
export function shuffled<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** How many of `count` questions each difficulty gets in a `mixed` quiz: as even as possible, easy first. */
export function mixedShares(count: number): Record<Difficulty, number> {
  const base = Math.floor(count / 3);
  const extra = count % 3;
  return { easy: base + (extra > 0 ? 1 : 0), medium: base + (extra > 1 ? 1 : 0), hard: base };
}

/**
 * Up to `count` bank questions of the subject and difficulty, in random order, leaving out
 * `avoid` (question texts already in the quiz, lower-cased). A `mixed` quiz is ordered easy →
 * hard. Fewer than `count` only when the bank runs out (10 per difficulty, 30 per subject).
 */
export function bankQuestions(
  subject: QuizSubject, difficulty: QuizDifficulty, count: number,
  options: { avoid?: ReadonlySet<string>; random?: () => number } = {},
): QuizQuestion[] {
  const avoid = options.avoid ?? new Set<string>();
  const pool = banks[subject].filter((question) => !avoid.has(question.question.toLowerCase()));
  const pick = (d: Difficulty, n: number) => shuffled(pool.filter((question) => question.difficulty === d), options.random).slice(0, n);
  if (difficulty !== 'mixed') return pick(difficulty, count);
  const shares = mixedShares(count);
  return [...pick('easy', shares.easy), ...pick('medium', shares.medium), ...pick('hard', shares.hard)];
}
