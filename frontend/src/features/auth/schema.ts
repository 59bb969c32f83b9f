/**
 * The Create Account form: the API's SignUpRequest (shared with functions/, so the texts of
 * the sign-up form are the server's) plus a confirmation field that must match.
 */
import * as z from 'zod';
import { messages, SignUpFields, type SignUpRequest } from '@functions/auth/contract';
import type { AuthMessage } from './text';

const CONFIRM_PASSWORD = 'Please confirm your password';

export const SignUpForm = SignUpFields.extend({
  confirmPassword: z.string().min(1, CONFIRM_PASSWORD),
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

/**
 * The catalog's message for each text the form's rules report (the shared contract words them in
 * English; forms.test.ts checks the table covers them and matches the English catalog).
 */
export const RULE_MESSAGES = new Map<string, AuthMessage>([
  ['Please choose an account type', 'validation.accountType'],
  ['First name is required', 'validation.firstNameRequired'],
  ['First name is too long', 'validation.firstNameTooLong'],
  ['Last name is required', 'validation.lastNameRequired'],
  ['Last name is too long', 'validation.lastNameTooLong'],
  ['Email is required', 'validation.emailRequired'],
  ['Please enter a valid phone number', 'validation.phone'],
  ['Password is required', 'validation.passwordRequired'],
  [CONFIRM_PASSWORD, 'validation.confirmPassword'],
  [messages.invalidEmail, 'messages.invalidEmail'],
  [messages.passwordTooShort, 'messages.passwordTooShort'],
  [messages.passwordTooCommon, 'messages.passwordTooCommon'],
  [messages.passwordsDontMatch, 'messages.passwordsDontMatch'],
]);

/** A field error from the form's rules as the catalog's message, or undefined for a text it does not know (shown as it comes). */
export function ruleMessage(text: string): AuthMessage | undefined {
  return RULE_MESSAGES.get(text);
}
