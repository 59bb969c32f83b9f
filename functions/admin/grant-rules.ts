/**
 * Super admin grants, the rules: a grant waits for its new admin, who proves it with a one-time
 * enrolment code handed over out of band and with an authenticator app, so the account's password
 * alone never makes an admin. Pure (node:crypto only), so unit-tested.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** How long a grant waits for its admin to enrol. */
export const GRANT_VALID_HOURS = 72;
/** Wrong codes a grant takes before it is locked (a new grant is then needed). */
export const MAX_CODE_ATTEMPTS = 5;

/** Crockford's base32 (no I, L, O, U): 16 characters = 80 random bits, read aloud or typed from paper. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 16;

export type GrantStatus = 'pending' | 'used' | 'revoked';

export interface AdminGrant {
  userId: string;
  email: string;
  grantedBy: string;
  grantedAt: string;
  expiresAt: string;
  codeHash: string;
  salt: string;
  attempts: number;
  status: GrantStatus;
  usedAt?: string;
  revokedAt?: string;
  revokedBy?: string;
}

/** A fresh code, XXXX-XXXX-XXXX-XXXX. */
export function newEnrolmentCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** What the admin typed, as the code was made: capitals, no spaces or dashes, O read as 0 and I, L as 1. */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

export const newSalt = () => randomBytes(16).toString('hex');

/** Only the hash is stored: whoever reads the table cannot enrol with it. */
export function hashCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${normalizeCode(code)}`).digest('hex');
}

export function newGrant(input: { userId: string; email: string; grantedBy: string }, now: Date): { grant: AdminGrant; code: string } {
  const code = newEnrolmentCode();
  const salt = newSalt();
  return {
    code,
    grant: {
      ...input, grantedAt: now.toISOString(), expiresAt: new Date(now.getTime() + GRANT_VALID_HOURS * 3_600_000).toISOString(),
      codeHash: hashCode(code, salt), salt, attempts: 0, status: 'pending',
    },
  };
}

/** Where a grant stands: waiting, or why it cannot be completed any more. */
export type GrantState = 'pending' | 'expired' | 'locked' | 'used' | 'revoked';

export function grantState(grant: AdminGrant, now: Date): GrantState {
  if (grant.status !== 'pending') return grant.status;
  if (Date.parse(grant.expiresAt) <= now.getTime()) return 'expired';
  if (grant.attempts >= MAX_CODE_ATTEMPTS) return 'locked';
  return 'pending';
}

/** Whether `code` is this grant's (compared in constant time). */
export function codeMatches(grant: AdminGrant, code: string): boolean {
  const given = Buffer.from(hashCode(code, grant.salt), 'hex');
  const stored = Buffer.from(grant.codeHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The outcome of one completion attempt on a grant, before anything is written. */
export type CodeCheck = { ok: true } | { ok: false; reason: Exclude<GrantState, 'pending'> | 'wrong'; attemptsLeft: number };

export function checkCode(grant: AdminGrant, code: string, now: Date): CodeCheck {
  const state = grantState(grant, now);
  const attemptsLeft = Math.max(0, MAX_CODE_ATTEMPTS - grant.attempts);
  if (state !== 'pending') return { ok: false, reason: state, attemptsLeft };
  if (!codeMatches(grant, code)) return { ok: false, reason: 'wrong', attemptsLeft: attemptsLeft - 1 };
  return { ok: true };
}
