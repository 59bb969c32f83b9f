/**
 * The single-use link a parent approves a child's solo sign-up with (pure rules; the age rule and
 * the texts are in minor-rules.ts, which the SPA's sign-up form uses too). docs/decisions/2026-11-28-parent-approval-link.md.
 */
import { createHash, randomBytes } from 'node:crypto';

export { ADULT_AGE, approvalMessages, birthYearRange, isUnder18, MAX_AGE, MIN_SOLO_AGE, nairobiYear } from './minor-rules.js';

export const APPROVAL_LINK_DAYS = 7;
/** New approval messages per student an hour (each is an e-mail, maybe an SMS, to someone else). */
export const APPROVAL_RESEND_LIMIT = { group: 'parent-approval-resend', limit: 3, windowSeconds: 3600 } as const;

/** 32 random bytes, URL-safe: the link's secret. Only its hash is stored. */
export function newApprovalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored and looked up: a token read from the table cannot be used as a link. */
export function approvalTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as it arrives: 43 URL-safe characters (32 bytes), anything else is not one of ours. */
export const isApprovalTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

export function approvalExpiry(now: Date): Date {
  return new Date(now.getTime() + APPROVAL_LINK_DAYS * 86_400_000);
}

/** `expiresAt` in epoch seconds, as stored (the token item's TTL). */
export const isApprovalLive = (expiresAt: number, now: Date) => now.getTime() < expiresAt * 1000;
