/**
 * Sign-up / sign-in contract, shared by the API and the SPA forms. Messages are the product's wording.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../events/shared/language.js';
import { userText } from '../shared/text.js';
import { ACCOUNT_TYPES, MIN_PASSWORD_LENGTH, messages, type AccountType } from './accounts-catalog.js';
import { isCommonPassword } from './common-passwords-catalog.js';
import { approvalMessages, birthYearRange, isUnder18 } from '../households/minor-rules.js';

/** The sign-up form's own reading of a birth year and its texts (the SPA reaches them through this contract). */
export { approvalMessages, isUnder18 };
import { normalizeKenyanMobile } from '../shared/phone.js';
import { ROLES } from './roles-catalog.js';

export { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, MIN_PASSWORD_LENGTH, messages, type AccountType } from './accounts-catalog.js';

const requiredText = (label: string) =>
  userText({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(80, `${label} is too long`);

/** The sign-up fields; SignUpRequest adds the rules between them (the SPA's form extends these). */
export const SignUpFields = z.object({
  accountType: z.enum(ACCOUNT_TYPES, { error: 'Please choose an account type' }),
  firstName: requiredText('First name'),
  lastName: requiredText('Last name'),
  // The format is checked after trimming; `meta` documents it on the input side (docs/openapi.json).
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().meta({ format: 'email' })
    .pipe(z.email({ error: messages.invalidEmail })),
  phone: z
    .string()
    .trim()
    .regex(/^$|^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number')
    .optional(),
  country: userText().trim().max(60).optional(),
  // Sign-up passes through the API, so this refuses a common password on the server too; the
  // user pool's policy only knows the length (docs/decisions/2026-11-27-password-policy-8-and-common.md).
  password: userText({ error: 'Password is required' }).min(MIN_PASSWORD_LENGTH, messages.passwordTooShort).max(256)
    .refine((password) => !isCommonPassword(password), messages.passwordTooCommon),
  /** The language the person signs up in (the SPA's active one): saved in the profile, and the welcome e-mail's. */
  language: z.enum(LANGUAGES).optional(),
  /**
   * A student signing up alone: their year of birth (under 18 the account waits for a parent's
   * approval). Required of a student (checkMinorSignUp); parents, tutors and admins give none.
   */
  birthYear: z.number({ error: approvalMessages.birthYearRequired }).int(approvalMessages.birthYearRange).optional(),
  /** Under 18: the parent who is asked to approve (e-mail), and optionally by SMS. */
  parentEmail: z.string().trim().toLowerCase().meta({ format: 'email' })
    .pipe(z.email({ error: messages.invalidEmail })).optional(),
  parentPhone: z.string().trim().max(20).optional(),
});

/**
 * A student signing up alone must give a birth year: without one an under-18 could skip the
 * parent's approval by leaving the box empty. Under 18 (minor-rules.ts) also a parent's e-mail
 * (not their own) and, if they like, a Kenyan mobile for an SMS. Other accounts need neither.
 */
export function checkMinorSignUp(request: z.output<typeof SignUpFields>, ctx: z.RefinementCtx, now = new Date()): void {
  const { birthYear } = request;
  if (request.accountType !== 'student') return;
  if (birthYear === undefined) {
    ctx.addIssue({ code: 'custom', path: ['birthYear'], message: approvalMessages.birthYearRequired });
    return;
  }
  const range = birthYearRange(now);
  if (birthYear < range.min || birthYear > range.max) {
    ctx.addIssue({ code: 'custom', path: ['birthYear'], message: approvalMessages.birthYearRange });
    return;
  }
  if (!isUnder18(birthYear, now)) return;
  if (!request.parentEmail) ctx.addIssue({ code: 'custom', path: ['parentEmail'], message: approvalMessages.parentEmailRequired });
  else if (request.parentEmail === request.email) ctx.addIssue({ code: 'custom', path: ['parentEmail'], message: approvalMessages.parentEmailSame });
  if (request.parentPhone && !normalizeKenyanMobile(request.parentPhone)) {
    ctx.addIssue({ code: 'custom', path: ['parentPhone'], message: approvalMessages.parentPhoneInvalid });
  }
}

export const SignUpRequest = SignUpFields.superRefine((request, ctx) => checkMinorSignUp(request, ctx));
export type SignUpRequest = z.input<typeof SignUpRequest>;

export const SignUpResponse = z.object({
  userId: z.string(),
  role: z.enum(ROLES),
  adminRequested: z.boolean(),
  confirmationRequired: z.boolean(),
  /** A student under 18: limited until the parent approves the link just sent to them. */
  waitingForParent: z.boolean().optional(),
  message: z.string(),
});
export type SignUpResponse = z.infer<typeof SignUpResponse>;

/** The sign-up success text; tutors are also told about KYC. */
export function signUpSuccessMessage(accountType: AccountType): string {
  const base = 'Account created! Please check your email to verify your account.';
  if (accountType === 'tutor') {
    return `${base} As a tutor, you will need to complete KYC verification before teaching and receiving payments.`;
  }
  if (accountType === 'admin') {
    return `${base} Your request for admin access has been recorded; until a super admin grants it you can use the platform as a student.`;
  }
  return base;
}

export const ResendCodeRequest = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().meta({ format: 'email' })
    .pipe(z.email({ error: messages.invalidEmail })),
});
export type ResendCodeRequest = z.input<typeof ResendCodeRequest>;

/** The same answer whether or not an unconfirmed account has the address: it never says who has one. */
export const ResendCodeResponse = z.object({ message: z.string() });
export type ResendCodeResponse = z.infer<typeof ResendCodeResponse>;
