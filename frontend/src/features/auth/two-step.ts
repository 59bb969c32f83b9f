/**
 * Two-step sign-in (TOTP authenticator apps), the pure parts: the otpauth:// link the QR code
 * carries, the code field's rule and which refusal a failure was. No React, no Amplify, so unit-tested.
 */

/** What authenticator apps show above the account's codes. */
export const TOTP_ISSUER = "Africa's Learning Platform";

/**
 * Google's Key Uri Format, with issuer and account percent-encoded (Amplify's getSetupUri puts
 * them in raw, and the issuer has spaces and an apostrophe). Base32 in capitals, which every app
 * reads (the local emulator hands out lower case).
 */
export function totpSetupUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret.toUpperCase())}&issuer=${encodeURIComponent(issuer)}`;
}

/** The secret in capitals and groups of four, easier to type into an app by hand. */
export function groupedSecret(secret: string): string {
  return secret.replace(/\s+/g, '').toUpperCase().match(/.{1,4}/g)?.join(' ') ?? '';
}

/** Digits only (spaces and dashes pasted with the code are dropped); null unless exactly six. */
export function totpCodeFrom(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** Cognito's answer to a wrong code, or to a sign-in session that ran out (the message saying so), else null. */
export function twoStepProblem(error: unknown): 'twoStep.wrongCode' | 'twoStep.expired' | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return 'twoStep.wrongCode';
  if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') return 'twoStep.expired';
  return null;
}
