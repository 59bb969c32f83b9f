/**
 * The six AI game subjects (/ai-learning), in a module of their own: the landing
 * page shows how many there are and must not download the rest of ./catalog.ts (its first load).
 */
export const QUIZ_SUBJECTS = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'History'] as const;
export type QuizSubjectName = (typeof QUIZ_SUBJECTS)[number];
