/**
 * Account types and the sign-up / sign-in texts, without zod: the SPA's sign-in page
 * shows them without downloading the validator. The zod contract (./contract) builds on them.
 */

/** What the sign-up and sign-in pickers offer (/auth). */
export const ACCOUNT_TYPES = ['parent', 'student', 'tutor', 'admin'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  parent: 'Parent',
  student: 'Student',
  tutor: 'Tutor',
  admin: 'Admin',
};

/** The user pool's policy says the same (infra/aws/definitions.ts passwordPolicy). */
export const MIN_PASSWORD_LENGTH = 8;

export const messages = {
  fillAllFields: 'Please fill in all fields',
  passwordsDontMatch: "Passwords don't match",
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooCommon: 'This password is too common. Choose another.',
  invalidEmail: 'Please enter a valid email address.',
  emailTaken: 'An account with this email already exists. Please try signing in instead.',
  passwordPolicy: 'Password requirements not met. Please use at least 8 characters.',
  signUpFailed: 'Failed to create account. Please try again.',
  signInFailed: 'Failed to log in',
  /** The same answer for an unknown e-mail and a wrong password: sign-in never says who has an account. */
  wrongCredentials: 'Incorrect email or password.',
  signedIn: 'Successfully logged in!',
  /** The answer to "Resend code", whether or not the address has an account waiting for confirmation. */
  codeResent: 'If an account with this email is waiting for confirmation, we have sent it a new code.',
} as const;
