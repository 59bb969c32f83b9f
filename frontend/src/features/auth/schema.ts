/**
 * The Create Account form: the API's SignUpRequest (shared with functions/, so the texts of
 * the sign-up form are the server's) plus a confirmation field that must match.
 */
import * as z from 'zod';
import { approvalMessages, checkMinorSignUp, isUnder18, messages, SignUpFields, type SignUpRequest } from '@functions/auth/contract';
import type { AuthMessage } from './text';

const CONFIRM_PASSWORD = 'Please confirm your password';

/** An empty box is no answer (the contract's fields are optional, not empty). */
const blankIsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const SignUpForm = SignUpFields.extend({
  confirmPassword: z.string().min(1, CONFIRM_PASSWORD),
  // Typed in a text box; the contract's number.
  birthYear: z.preprocess((value) => {
    const text = blankIsNone(value);
    return typeof text === 'string' && /^\s*\d+\s*$/.test(text) ? Number(text) : text;
  }, SignUpFields.shape.birthYear),
  parentEmail: z.preprocess(blankIsNone, SignUpFields.shape.parentEmail),
  parentPhone: z.preprocess(blankIsNone, SignUpFields.shape.parentPhone),
  // The same rules as the API: under 18, a parent's e-mail (not one's own) and maybe a Kenyan mobile.
}).superRefine((form, ctx) => checkMinorSignUp(form, ctx)).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: messages.passwordsDontMatch,
  // Report a mismatch together with other field errors, unless the passwords themselves failed.
  when: (payload) =>
    !payload.issues.some((issue) => issue.path?.[0] === 'password' || issue.path?.[0] === 'confirmPassword'),
});

export type SignUpFormInput = z.input<typeof SignUpForm>;
export type SignUpFormValues = z.output<typeof SignUpForm>;

/** The request body for POST /api/auth/sign-up (empty optional fields left out). */
export function toSignUpRequest(values: SignUpFormValues, now = new Date()): SignUpRequest {
  const { confirmPassword: _confirm, phone, country, birthYear, parentEmail, parentPhone, ...rest } = values;
  // Only a student gives a birth year, and only under 18 a parent to ask.
  const student = rest.accountType === 'student' && birthYear !== undefined;
  const minor = student && isUnder18(birthYear, now);
  return {
    ...rest, ...(phone ? { phone } : {}), ...(country ? { country } : {}),
    ...(student ? { birthYear } : {}),
    ...(minor && parentEmail ? { parentEmail } : {}), ...(minor && parentPhone ? { parentPhone } : {}),
  };
}

/** Whether the typed birth year makes a student under 18 (the form then asks for a parent). */
export function signsUpAsMinor(accountType: unknown, birthYear: unknown, now = new Date()): boolean {
  const year = typeof birthYear === 'string' ? Number(birthYear.trim()) : Number.NaN;
  return accountType === 'student' && /^\d{4}$/.test(String(birthYear ?? '').trim()) && isUnder18(year, now);
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
  [approvalMessages.birthYearRequired, 'validation.birthYearRequired'],
  [approvalMessages.birthYearRange, 'validation.birthYearRange'],
  [approvalMessages.parentEmailRequired, 'validation.parentEmailRequired'],
  [approvalMessages.parentEmailSame, 'validation.parentEmailSame'],
  [approvalMessages.parentPhoneInvalid, 'validation.parentPhoneInvalid'],
]);

/** A field error from the form's rules as the catalog's message, or undefined for a text it does not know (shown as it comes). */
export function ruleMessage(text: string): AuthMessage | undefined {
  return RULE_MESSAGES.get(text);
}
