/**
 * Moderation's rules and texts: who may be suspended, and the audit ids that make a retried
 * suspension or reinstatement record itself once.
 */
import type { Role } from '../auth/roles.js';

export const moderationMessages = {
  reasonRequired: 'Give the reason for the suspension (at least 3 characters)',
  reasonTooLong: 'At most 500 characters',
  userNotFound: 'User not found',
  adminNotSuspendable: 'A super admin cannot be suspended.',
  suspended: 'Account suspended: they can no longer sign in or send messages.',
  reinstated: 'Account reinstated: they can sign in and send messages again.',
  reportClosed: 'Report closed.',
} as const;

/** Every account but a super admin's (a super admin's role is taken away through the role grants). */
export const isSuspendable = (role: Role) => role !== 'super_admin';

/** One audit record per suspension (its time names it), and one for the reinstatement that ends it. */
export const suspensionAuditId = (userId: string, suspendedAt: string) => `suspend-${userId}-${suspendedAt}`;
export const reinstatementAuditId = (userId: string, suspendedAt: string) => `unsuspend-${userId}-${suspendedAt}`;
