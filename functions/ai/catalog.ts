/**
 * AI learning's fixed lists and texts (spec §8 AI texts, §9 subjects and difficulties), without
 * zod: the SPA's /ai-learning chunk imports these and stays small. contract.ts builds its schemas
 * from them and re-exports them.
 */

/** The six AI game subjects (spec §2 /ai-learning, §9). */
export const QUIZ_SUBJECTS = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'History'] as const;
export type QuizSubjectName = (typeof QUIZ_SUBJECTS)[number];

/** Spec §9: easy, medium, hard (labels Beginner, Intermediate, Advanced). */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type DifficultyName = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<DifficultyName, string> = { easy: 'Beginner', medium: 'Intermediate', hard: 'Advanced' };

/** Length limits: what a phone screen shows well, and what bounds a model reply. */
export const QUIZ_LIMITS = { question: 500, option: 200, explanation: 1000, topic: 80, maxCount: 20 } as const;

/** Spec §8 AI texts, and the quota texts (the AI is off for this user, or for everyone, until resetsAt). */
export const aiMessages = {
  loaded: 'AI-generated questions loaded!',
  fallback: 'Failed to generate AI questions. Using fallback questions.',
  retry: 'Failed to generate AI questions. Please try again.',
  correct: 'Correct! Well done!',
  incorrect: 'Incorrect. Try again!',
  gameCompleted: (score: number) => `Game completed! Final score: ${score}`,
  chatFailed: 'Failed to get AI response. Please try again.',
  signInLearning: 'Please sign in to access AI Learning',
  signInAssistant: 'Please sign in to access AI Study Assistant',
  quizQuotaSpent: (limit: number) =>
    `You have used your ${limit} AI quizzes for today. Here are practice questions from our question bank; AI quizzes are back after midnight (East Africa Time).`,
  chatQuotaSpent: (limit: number) =>
    `You have sent your ${limit} AI messages for today. The study assistant is back after midnight (East Africa Time).`,
  platformCapReached:
    'AI questions are resting for today. Here are practice questions from our question bank; AI quizzes are back after midnight (East Africa Time).',
} as const;
