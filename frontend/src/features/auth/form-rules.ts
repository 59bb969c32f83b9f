/**
 * Rules of the confirmation-code and new-password forms, without zod (the Create Account schema
 * is ./schema): the sign-in page and its steps stay free of the validator.
 */
import { MIN_PASSWORD_LENGTH } from '@functions/auth/accounts-catalog';
import type { AuthMessage } from './text';

export const CONFIRMATION_CODE = /^\d{6}$/;

/** The first rule a new-password (reset) form breaks (its message), or null (the sign-up password rules). */
export function resetFormProblem(code: string, password: string, confirm: string): AuthMessage | null {
  if (!code || !password || !confirm) return 'messages.fillAllFields';
  if (!CONFIRMATION_CODE.test(code)) return 'code.sixDigits';
  if (password.length < MIN_PASSWORD_LENGTH) return 'messages.passwordTooShort';
  if (password !== confirm) return 'messages.passwordsDontMatch';
  return null;
}
