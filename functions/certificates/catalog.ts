/** Certificate and badge lists and texts without zod, for the API and the SPA. */

/** Crockford's base32 (no I, L, O, U: nothing to misread on paper); 12 characters = 60 random bits. */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_GROUPS = 3;
export const CODE_GROUP_LENGTH = 4;
/** XXXX-XXXX-XXXX in CODE_ALPHABET. */
export const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const BADGE_IDS = ['first-lesson', 'first-course', 'quiz-star'] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/** Quizzes at HIGH_SCORE_PERCENT (80 %) or more that earn the quiz badge. */
export const QUIZ_STAR_GAMES = 5;

export const BADGES: Record<BadgeId, { name: string; description: string; target: number }> = {
  'first-lesson': { name: 'First Lesson', description: 'Complete your first lesson: a live lesson or a course lesson.', target: 1 },
  'first-course': { name: 'Course Finisher', description: 'Complete every lesson of a certification program and earn its certificate.', target: 1 },
  'quiz-star': { name: 'Quiz Star', description: `Score 80% or more in ${QUIZ_STAR_GAMES} AI quizzes.`, target: QUIZ_STAR_GAMES },
};

/** Admin list page size. */
export const ADMIN_CERTIFICATES_PAGE = 20;

export const certificateMessages = {
  notFound: 'Certificate not found',
  badCode: 'This certificate code is not valid. Please check the address.',
  alreadyRevoked: 'This certificate is already revoked',
  revoked: 'Certificate revoked',
  reasonRequired: 'Give a reason (at least 3 characters)',
} as const;
