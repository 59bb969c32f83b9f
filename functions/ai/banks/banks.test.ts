import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, QUIZ_SUBJECTS, QuizQuestion } from '../contract.js';
import { bankQuestions, banks, mixedShares } from './index.js';

describe('built-in question banks', () => {
  it.each(QUIZ_SUBJECTS)('%s: at least 30 questions, at least 8 per difficulty', (subject) => {
    const bank = banks[subject];
    expect(bank.length).toBeGreaterThanOrEqual(30);
    for (const difficulty of DIFFICULTIES) {
      expect(bank.filter((question) => question.difficulty === difficulty).length, difficulty).toBeGreaterThanOrEqual(8);
    }
  });

  it.each(QUIZ_SUBJECTS)('%s: every question passes the schema, has four distinct options, an explanation and a unique text and id', (subject) => {
    const bank = banks[subject];
    for (const question of bank) {
      expect(QuizQuestion.safeParse(question).error, question.question).toBeUndefined();
      expect(new Set(question.options.map((o) => o.trim())).size, question.question).toBe(4);
      expect(question.explanation.length, question.question).toBeGreaterThan(20);
    }
    expect(new Set(bank.map((question) => question.question.toLowerCase())).size).toBe(bank.length);
    expect(new Set(bank.map((question) => question.id)).size).toBe(bank.length);
  });

  it('spreads the right answer over A–D (no position a guesser could learn)', () => {
    const all = Object.values(banks).flat();
    for (const index of [0, 1, 2, 3]) expect(all.filter((question) => question.correctIndex === index).length, `index ${index}`).toBeGreaterThan(10);
  });

  it('picks the asked difficulty, skips questions to avoid, and orders a mixed quiz easy → hard', () => {
    const medium = bankQuestions('Physics', 'medium', 5);
    expect(medium).toHaveLength(5);
    expect(medium.every((question) => question.difficulty === 'medium')).toBe(true);

    const avoid = new Set(banks.Physics.filter((question) => question.difficulty === 'easy').slice(0, 7).map((question) => question.question.toLowerCase()));
    const rest = bankQuestions('Physics', 'easy', 10, { avoid });
    expect(rest).toHaveLength(3);
    expect(rest.some((question) => avoid.has(question.question.toLowerCase()))).toBe(false);

    const mixed = bankQuestions('History', 'mixed', 7);
    expect(mixed.map((question) => question.difficulty)).toEqual(['easy', 'easy', 'easy', 'medium', 'medium', 'hard', 'hard']);
    expect(mixedShares(20)).toEqual({ easy: 7, medium: 7, hard: 6 });
  });
});
