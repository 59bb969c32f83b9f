/** The roles (Cognito groups), for the server's checks and the SPA's route guards alike. */
export const ROLES = ['student', 'tutor', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
