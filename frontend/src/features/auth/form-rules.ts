/**
 * Rules of the confirmation-code and new-password forms, without zod (the Create Account schema
 * is ./schema): the sign-in page and its steps stay free of the validator.
 */
import { MIN_PASSWORD_LENGTH } from '@functions/auth/accounts-catalog';
import type { AuthMessage } from './text';

export const CONFIRMATION_CODE = /^\d{6}$/;

/**
 * The first rule a new-password (reset) form breaks (its message), or null (the sign-up password
 * rules). `isCommon` is isCommonPassword (functions/auth/common-passwords-catalog.ts), passed in so the list is only
 * downloaded when a new password is submitted. The reset goes to Cognito directly, whose policy
 * knows only the length: this check is the gate for the list.
 */
export function resetFormProblem(
  code: string, password: string, confirm: string, isCommon: (password: string) => boolean,
): AuthMessage | null {
  if (!code || !password || !confirm) return 'messages.fillAllFields';
  if (!CONFIRMATION_CODE.test(code)) return 'code.sixDigits';
  if (password.length < MIN_PASSWORD_LENGTH) return 'messages.passwordTooShort';
  if (isCommon(password)) return 'messages.passwordTooCommon';
  if (password !== confirm) return 'messages.passwordsDontMatch';
  return null;
}
