/** The roles (Cognito groups), for the server's checks and the SPA's route guards alike. */
export const ROLES = ['student', 'parent', 'tutor', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Who books, pays, learns and reviews: a student for themself, a parent for their household. A
 * parent keeps everything a student may do; routes and pages name this list rather than `student`.
 */
export const STUDENT_OR_PARENT = ['student', 'parent'] as const satisfies readonly Role[];

export function actsAsStudent(role: unknown): boolean {
  return role === 'student' || role === 'parent';
}
