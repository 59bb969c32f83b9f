/**
 * The rules of verifying a phone number (pure: the SPA's form reads the limits and texts too).
 *
 * A code is 6 digits, valid 10 minutes, and allows 5 wrong tries; asking again replaces it (a new
 * code, the tries start over). Codes cost an SMS each and are a way to pester a stranger's phone,
 * so asking is limited per number, per account and per address (docs/decisions/2026-11-28-phone-verification.md).
 */
import type { Language } from '../../events/shared/language.js';

export const CODE_DIGITS = 6;
export const CODE_VALID_MINUTES = 10;
export const MAX_CODE_TRIES = 5;

/** Codes sent to one number: a person waits for a slow SMS and asks again, a few times at most. */
export const CODES_PER_NUMBER = { group: 'phone-code-number', limit: 3, windowSeconds: 3600 } as const;
/** Codes one account asks for in a day, whatever the numbers: typing a number wrong twice is fine, trying many is not. */
export const CODES_PER_ACCOUNT = { group: 'phone-code-account', limit: 5, windowSeconds: 86_400 } as const;
/**
 * Codes asked for from one address in an hour, across accounts. Many families share a carrier's
 * address (carrier-grade NAT), so this stops a script with many accounts, not a household.
 */
export const CODES_PER_ADDRESS = { group: 'phone-code-address', per: 'ip', limit: 30, windowSeconds: 3600 } as const;

export const phoneMessages = {
  invalidPhone: 'Enter a Kenyan mobile number, for example 0712 345 678',
  invalidCode: 'Enter the 6-digit code from the SMS',
  noCode: 'Ask for a code first.',
  expired: 'This code has expired. Ask for a new one.',
  locked: 'Too many wrong codes. Ask for a new one.',
  wrongCode: (triesLeft: number) => `That code is not right. Tries left: ${triesLeft}.`,
  takenElsewhere: 'This number is verified on another account.',
  alreadyYours: 'This number is already verified on your account.',
  tooManyForNumber: (minutes: number) => `Too many codes were sent to this number. Try again in ${minutes} minutes.`,
  tooManyForAccount: (hours: number) => `You asked for too many codes today. Try again in ${hours} hours.`,
  smsFailed: 'We could not send the SMS. Please try again in a few minutes.',
  removed: 'Your phone number was removed.',
  verified: 'Your phone number is verified.',
} as const;

/** Minutes (rounded up, at least 1) of a Retry-After, for the messages above. */
export const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
export const hoursOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 3600));

/** Where a code stands: what confirming it now would answer before the code itself is compared. */
export type CodeState = 'valid' | 'expired' | 'locked';

export function codeState(code: { validUntil: string; wrongTries: number }, now: Date): CodeState {
  if (code.wrongTries >= MAX_CODE_TRIES) return 'locked';
  return now.getTime() >= Date.parse(code.validUntil) ? 'expired' : 'valid';
}

export const validUntilOf = (sentAt: Date) => new Date(sentAt.getTime() + CODE_VALID_MINUTES * 60_000);

/**
 * The SMS texts, one page each in both languages: plain GSM-7 characters (a "•" or "’" would
 * make the whole SMS Unicode and its page 70 characters), at most 160 (rules.test.ts checks).
 */
export const smsTexts: Record<Language, { code: (code: string) => string; replaced: (newEnding: string) => string }> = {
  en: {
    code: (code) => `${code} is your ALP code to verify this phone number. It expires in ${CODE_VALID_MINUTES} minutes. Do not share it with anyone.`,
    replaced: (ending) => `ALP: this number is no longer on your ALP account. It was replaced by a number ending ${ending}. If this was not you, contact ALP support.`,
  },
  sw: {
    code: (code) => `${code} ni nambari yako ya ALP ya kuthibitisha simu hii. Itaisha baada ya dakika ${CODE_VALID_MINUTES}. Usimpe mtu yeyote.`,
    replaced: (ending) => `ALP: nambari hii si ya akaunti yako ya ALP tena. Imebadilishwa na nambari inayoishia ${ending}. Kama si wewe, wasiliana na ALP.`,
  },
};

/** The last three digits: enough for an owner to recognise a number in an SMS to another phone. */
export const endingOf = (phone: string) => phone.slice(-3);
