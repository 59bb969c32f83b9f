/**
 * How the built-in banks are written: one call per question, so a bank reads like a question paper.
 * Ids are given by position when the banks are loaded (banks/index.ts).
 */
import type { Difficulty, GeneratedQuestion } from '../contract.js';

export function q(
  difficulty: Difficulty, topic: string, question: string,
  options: [string, string, string, string], correctIndex: 0 | 1 | 2 | 3, explanation: string,
): GeneratedQuestion {
  return { question, options, correctIndex, explanation, difficulty, topic };
}
