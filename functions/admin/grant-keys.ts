/**
 * Super admin grants in the single table, owned by admin (grant-repository.ts):
 *   grant   pk ADMINGRANT#{userId}  sk GRANT                 the newest grant: who, when, expiry, code hash, attempts, status
 *   audit   pk ADMINGRANT#{userId}  sk AUDIT#{at}#{action}   issued, revoked, completed: by whom, when
 * One grant per user: a new one replaces the last (a fresh code, attempts from 0). Read by key only.
 * Pure: keys, item builders and the schema items are parsed with when read.
 */
import * as z from 'zod';
import type { AdminGrant } from './grant-rules.js';

const grantPk = (userId: string) => `ADMINGRANT#${userId}`;
export const adminGrantKey = (userId: string) => ({ pk: grantPk(userId), sk: 'GRANT' });

export type GrantAction = 'issued' | 'revoked' | 'completed';
export const grantAuditItem = (userId: string, action: GrantAction, by: string, at: string) => ({
  pk: grantPk(userId), sk: `AUDIT#${at}#${action}`, entity: 'AdminGrantAudit', userId, action, by, at,
});

export const adminGrantItem = (grant: AdminGrant) => ({ ...adminGrantKey(grant.userId), entity: 'AdminGrant', ...grant });

export const AdminGrantItem = z.object({
  userId: z.string(), email: z.string(), grantedBy: z.string(), grantedAt: z.string(), expiresAt: z.string(),
  codeHash: z.string(), salt: z.string(), attempts: z.number(), status: z.enum(['pending', 'used', 'revoked']),
  usedAt: z.string().optional(), revokedAt: z.string().optional(), revokedBy: z.string().optional(),
});
