/**
 * AI learning's fixed lists and texts (the AI texts, subjects and difficulties), without
 * zod: the SPA's /ai-learning chunk imports these and stays small. contract.ts builds its schemas
 * from them and re-exports them.
 */

import { QUIZ_SUBJECTS } from './subjects-catalog.js';

export { QUIZ_SUBJECTS, type QuizSubjectName } from './subjects-catalog.js';

/** Easy, medium, hard (labels Beginner, Intermediate, Advanced). */
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type DifficultyName = (typeof DIFFICULTIES)[number];
export const DIFFICULTY_LABELS: Record<DifficultyName, string> = { easy: 'Beginner', medium: 'Intermediate', hard: 'Advanced' };

/** Length limits: what a phone screen shows well, and what bounds a model reply. */
export const QUIZ_LIMITS = { question: 500, option: 200, explanation: 1000, topic: 80, maxCount: 20 } as const;

/** The AI texts, and the quota texts (the AI is off for this user, or for everyone, until resetsAt). */
export const aiMessages = {
  loaded: 'AI-generated questions loaded!',
  fallback: 'Failed to generate AI questions. Using fallback questions.',
  retry: 'Failed to generate AI questions. Please try again.',
  correct: 'Correct! Well done!',
  incorrect: 'Incorrect.',
  gameCompleted: (score: number) => `Game completed! Final score: ${score}`,
  chatFailed: 'Failed to get AI response. Please try again.',
  quizQuotaSpent: (limit: number) =>
    `You have used your ${limit} AI quizzes for today. Here are practice questions from our question bank; AI quizzes are back after midnight (East Africa Time).`,
  chatQuotaSpent: (limit: number) =>
    `You have sent your ${limit} AI messages for today. The study assistant is back after midnight (East Africa Time).`,
  platformCapReached:
    'AI questions are resting for today. Here are practice questions from our question bank; AI quizzes are back after midnight (East Africa Time).',
} as const;

/** What the study assistant is asked for: the four assistant types, with the labels the page shows. */
export const ASSISTANT_TYPES = ['homework_help', 'explain_concept', 'generate_practice', 'generate_quiz'] as const;
export type AssistantTypeName = (typeof ASSISTANT_TYPES)[number];
export const ASSISTANT_TYPE_LABELS: Record<AssistantTypeName, string> = {
  homework_help: 'Homework help',
  explain_concept: 'Explain a concept',
  generate_practice: 'Practice problems',
  generate_quiz: 'Generate a quiz',
};

/** The study assistant's 8 subjects (the games have 6: no banks for the last two). */
export const ASSISTANT_SUBJECTS = [...QUIZ_SUBJECTS, 'Computer Science', 'Economics'] as const;
export type AssistantSubjectName = (typeof ASSISTANT_SUBJECTS)[number];

/**
 * Study assistant limits: a message's length (what a student types, and what
 * bounds the model's input), the turns sent back as context, the conversations kept per student
 * and for how long, and the messages one conversation holds.
 */
export const CHAT_LIMITS = {
  prompt: 2000,
  contextMessages: 6,
  conversationsKept: 20,
  keepDays: 30,
  messagesPerConversation: 40,
  quizQuestions: 5,
  titleLength: 60,
} as const;

/** Study assistant texts (the chat failure and the rest). */
export const chatMessages = {
  failed: aiMessages.chatFailed,
  empty: 'Type a message first.',
  tooLong: `Your message is too long: please keep it under ${CHAT_LIMITS.prompt} characters.`,
  conversationNotFound: 'This conversation does not exist or has been deleted.',
  conversationFull: `This conversation has reached ${CHAT_LIMITS.messagesPerConversation} messages. Please start a new one.`,
  topicChanged: 'A conversation keeps the kind of help and the subject it started with. Start a new conversation to change them.',
  thinking: 'AI is thinking...',
  platformCapReached: 'The study assistant is resting for today. It is back after midnight (East Africa Time).',
} as const;
