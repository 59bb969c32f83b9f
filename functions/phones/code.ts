/**
 * One-time codes: drawn from the system's cryptographic generator, kept only as a salted SHA-256
 * (a stolen table copy does not hand out live codes at a glance; 10 minutes and 5 tries bound the
 * rest), compared in constant time.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_DIGITS } from './rules.js';

export const newCode = (): string => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
export const newSalt = (): string => randomBytes(16).toString('base64url');

/** The hash binds the code to its account and number: a code sent for one never confirms another. */
export function hashCode(code: string, salt: string, userId: string, phone: string): string {
  return createHash('sha256').update(`${salt}:${userId}:${phone}:${code}`).digest('hex');
}

export function codeMatches(given: string, stored: { salt: string; codeHash: string; userId: string; phone: string }): boolean {
  const a = Buffer.from(hashCode(given, stored.salt, stored.userId, stored.phone), 'hex');
  const b = Buffer.from(stored.codeHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
