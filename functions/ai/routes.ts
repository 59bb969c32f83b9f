/**
 * Routes: AI learning (quizzes now; the study assistant's chat joins here).
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import type { RouteDef } from '../routes.js';
import { QuizRequest, QuizResponse } from './contract.js';

export const aiRoutes = {
  generateQuiz: {
    method: 'POST', path: '/api/ai/quiz', handler: 'ai/handlers/generate-quiz', access: 'signed-in',
    grants: ['table:write', 'ai:invoke'],
    summary: 'A quiz for a subject, difficulty (or mixed) and count (1–20): from the AI model when it answers well, topped up from or replaced by the built-in banks otherwise (source ai, mixed or fallback, with the §8 message). Counts against the student\'s daily quota and the platform\'s daily cap; when either is spent, bank questions with quota.resetsAt.',
    body: QuizRequest, responses: { 200: QuizResponse },
    // The model gets 8 s (BEDROCK_TIMEOUT_MS); a cold start, the quota writes and the banks must still fit.
    timeoutSeconds: 15,
  },
} as const satisfies Record<string, RouteDef>;
