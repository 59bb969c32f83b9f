/**
 * The Create Account form: the API's SignUpRequest (shared with functions/, so the texts of
 * spec §5/§8 are the server's) plus a confirmation field that must match.
 */
import * as z from 'zod';
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
import { messages, SignUpRequest } from '../../../../functions/auth/contract';
import en from './i18n/en.json';
import type { AuthMessage } from './text';

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

/** The catalog's messages for the form's rules, by their English text (the contract's words). */
const ruleMessages = new Map(
  Object.entries(en)
    .filter(([key]) => key.startsWith('validation.') || key.startsWith('messages.'))
    .map(([key, text]) => [text, key as AuthMessage]),
);

/**
 * A field error from the form's zod rules (the shared contract speaks English) as the catalog's
 * message, or undefined for a text the catalog does not know (shown as it comes).
 */
export function ruleMessage(text: string): AuthMessage | undefined {
  return ruleMessages.get(text);
}
