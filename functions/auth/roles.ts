/** Roles are Cognito groups. A user in several groups acts with the strongest one. */
import { isRole, type Role } from './roles-catalog.js';

export { actsAsStudent, isRole, ROLES, STUDENT_OR_PARENT, type Role } from './roles-catalog.js';

// A parent who is also in `student` (an account from before parents had their own group) acts as parent.
const strength: Record<Role, number> = { student: 0, parent: 1, tutor: 2, super_admin: 3 };

/**
 * Reads the `cognito:groups` claim. API Gateway's JWT authorizer flattens array claims into a
 * string such as "[student tutor]"; a decoded token carries a real array. Both are accepted.
 */
export function parseGroupsClaim(claim: unknown): string[] {
  if (Array.isArray(claim)) return claim.filter((g): g is string => typeof g === 'string');
  if (typeof claim !== 'string') return [];
  const inner = claim.trim().replace(/^\[/, '').replace(/\]$/, '');
  return inner.split(/[\s,]+/).filter(Boolean);
}

/** The role a user acts with: the strongest known group, or student when there is none. */
export function resolveRole(groups: readonly string[]): Role {
  const known = groups.filter(isRole);
  if (known.length === 0) return 'student';
  return known.reduce((best, g) => (strength[g] > strength[best] ? g : best));
}
