/**
 * The Create Account form: the API's SignUpRequest (shared with functions/, so the texts of
 * spec §5/§8 are the server's) plus a confirmation field that must match.
 */
import * as z from 'zod';
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { messages, MIN_PASSWORD_LENGTH, SignUpRequest } from '../../../../functions/auth/contract';

export const SignUpForm = SignUpRequest.extend({
  confirmPassword: z.string().min(1, 'Please confirm your password'),
}).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: messages.passwordsDontMatch,
  // Report a mismatch together with other field errors, unless the passwords themselves failed.
  when: (payload) =>
    !payload.issues.some((issue) => issue.path?.[0] === 'password' || issue.path?.[0] === 'confirmPassword'),
});

export type SignUpFormInput = z.input<typeof SignUpForm>;
export type SignUpFormValues = z.output<typeof SignUpForm>;

/** The request body for POST /api/auth/sign-up (empty optional fields left out). */
export function toSignUpRequest(values: SignUpFormValues): SignUpRequest {
  const { confirmPassword: _confirm, phone, country, ...rest } = values;
  return { ...rest, ...(phone ? { phone } : {}), ...(country ? { country } : {}) };
}

export const CONFIRMATION_CODE = /^\d{6}$/;

/** The first rule a new-password (reset) form breaks, or null (spec §5 password rules). */
export function resetFormProblem(code: string, password: string, confirm: string): string | null {
  if (!code || !password || !confirm) return messages.fillAllFields;
  if (!CONFIRMATION_CODE.test(code)) return 'Please enter the 6-digit code.';
  if (password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
  if (password !== confirm) return messages.passwordsDontMatch;
  return null;
}
