/**
 * Pairing codes (pure): what a parent reads out to a child so the child's own sign-in joins the
 * household as that learner. A code is a key to a child's record, so it is short-lived, single
 * use, at most one live per learner, and guessing is slowed by per-user limits on redeeming.
 */
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I/L, 5/S, 2/Z: a code read aloud or off a phone screen is typed right the first time. */
export const PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXY346789';
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_HOURS = 24;

/** New codes per parent an hour: enough to redo a few lost ones, not to flood the table. */
export const PAIRING_CODE_LIMIT = { group: 'pairing-code', limit: 10, windowSeconds: 3600 } as const;
/** Attempts to redeem a code per user an hour: with 27^8 codes, guessing one is hopeless at this pace. */
export const PAIRING_REDEEM_LIMIT = { group: 'pairing-redeem', limit: 10, windowSeconds: 3600 } as const;

export function newPairingCode(pick: (max: number) => number = randomInt): string {
  return Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_ALPHABET[pick(PAIRING_ALPHABET.length)]).join('');
}

/** What a person typed, as a code: case, spaces and dashes do not matter; null when it cannot be one. */
export function normalisePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PAIRING_CODE_LENGTH) return null;
  return [...code].every((c) => PAIRING_ALPHABET.includes(c)) ? code : null;
}

export function pairingCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + PAIRING_CODE_HOURS * 3600_000);
}

/** `expiresAt` in epoch seconds, as stored (the table's TTL attribute). */
export const isPairingCodeLive = (expiresAt: number, now: Date) => now.getTime() < expiresAt * 1000;

export const pairingMessages = {
  codeInvalid: 'This code is not valid or has expired. Ask your parent for a new one.',
  codeFormat: 'Enter the 8-character code your parent gave you',
  alreadyLinked: 'Your account already belongs to a family.',
  learnerHasLogin: 'This child already has a login.',
  onlyStudents: 'Only a student account can join a family.',
  linked: 'You have joined your family.',
  unlinked: 'The child\'s login is unlinked.',
  noLogin: 'This child has no login.',
  learnerChanged: 'This child changed meanwhile. Please try again.',
  askParent: 'Ask your parent to book and pay',
} as const;
