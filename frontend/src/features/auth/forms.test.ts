import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalMessages, messages } from '@functions/auth/contract';
import { startInLanguage, switchLanguage } from '../../shared/i18n/language';
import { ApiError, apiErrorFrom } from '../../shared/api';
import { authErrorMessage, signInErrorMessage, signUpErrorMessage } from './errors';
import { CONFIRMATION_CODE } from './form-rules';
import { RULE_MESSAGES, ruleMessage, signsUpAsMinor, SignUpForm, toSignUpRequest } from './schema';
import { useAuthText, type AuthText } from './text';
import en from './i18n/en.json';

/** What a component's useAuthText() gives, in the active language. */
const t: AuthText = (key, values) => i18n._(useAuthText.id(key), values);

const valid = {
  accountType: 'student',
  firstName: 'Amina',
  lastName: 'Wanjiru',
  email: '  Amina@Example.COM ',
  phone: '',
  country: 'Kenya',
  password: 'mango-tree-42',
  confirmPassword: 'mango-tree-42',
  birthYear: '1998',
} as const;

function firstErrors(input: Record<string, unknown>): Record<string, string> {
  const result = SignUpForm.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

describe('Create Account form schema', () => {
  it('accepts a valid form and normalises the e-mail', () => {
    const parsed = SignUpForm.parse(valid);
    expect(parsed.email).toBe('amina@example.com');
  });

  it("reports mismatched passwords as \"Passwords don't match\" on the confirmation field", () => {
    expect(firstErrors({ ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: messages.passwordsDontMatch });
  });

  it('reports a mismatch together with other field errors', () => {
    const errors = firstErrors({ ...valid, firstName: '', confirmPassword: 'other1' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.confirmPassword).toBe(messages.passwordsDontMatch);
  });

  it('has a catalog message for every rule it reports (the form shows them in the chosen language)', () => {
    const long = 'x'.repeat(81);
    const reported = [
      // What the form sends when nothing was typed (its fields start as empty strings).
      firstErrors({ firstName: '', lastName: '', email: '', phone: '', country: '', password: '', confirmPassword: '' }),
      firstErrors({ ...valid, accountType: 'pilot', firstName: long, lastName: long, email: 'nope', phone: 'abc', password: '1' }),
      firstErrors({ ...valid, confirmPassword: 'other1' }),
      firstErrors({ ...valid, confirmPassword: '' }),
      firstErrors({ ...valid, password: 'password1', confirmPassword: 'password1' }),
      firstErrors({ ...valid, birthYear: '' }),
    ].flatMap((errors) => Object.values(errors));
    expect(reported.length).toBeGreaterThan(10);
    for (const text of reported) expect(ruleMessage(text), text).toBeDefined();
    for (const [text, key] of RULE_MESSAGES) expect(en[key], key).toBe(text);
  });

  it('requires at least 8 password characters and refuses a common password', () => {
    expect(firstErrors({ ...valid, password: 'mango42', confirmPassword: 'mango42' }).password).toBe(messages.passwordTooShort);
    expect(firstErrors({ ...valid, password: 'Sunshine1', confirmPassword: 'Sunshine1' }).password).toBe(messages.passwordTooCommon);
    expect(firstErrors({ ...valid, password: 'mango-42', confirmPassword: 'mango-42' })).toEqual({});
  });

  it('requires names, e-mail and confirmation; phone and country are optional', () => {
    const errors = firstErrors({ ...valid, firstName: ' ', lastName: '', email: 'nope', confirmPassword: '' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.lastName).toBe('Last name is required');
    expect(errors.email).toBe(messages.invalidEmail);
    expect(errors.confirmPassword).toBe('Please confirm your password');
    expect(SignUpForm.safeParse({ ...valid, phone: '', country: '' }).success).toBe(true);
  });

  it('requires a student\'s year of birth, reported with the other errors; a parent or tutor gives none', () => {
    const errors = firstErrors({ ...valid, firstName: '', birthYear: ' ' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.birthYear).toBe(approvalMessages.birthYearRequired);
    expect(firstErrors({ ...valid, birthYear: undefined }).birthYear).toBe(approvalMessages.birthYearRequired);
    for (const accountType of ['parent', 'tutor']) expect(firstErrors({ ...valid, accountType, birthYear: '' }), accountType).toEqual({});
  });

  it('builds the API body without the confirmation and without empty optional fields', () => {
    const body = toSignUpRequest(SignUpForm.parse({ ...valid, accountType: 'tutor', country: '' }));
    expect(body).toEqual({
      accountType: 'tutor',
      firstName: 'Amina',
      lastName: 'Wanjiru',
      email: 'amina@example.com',
      password: 'mango-tree-42',
    });
    expect(toSignUpRequest(SignUpForm.parse({ ...valid, phone: '+254 712 345678' })).phone).toBe('+254 712 345678');
  });

  it('asks a student under 18 for a parent\'s e-mail, and sends the parent only under 18', () => {
    const now = new Date('2026-06-01T09:00:00Z');
    const year = (age: number) => String(2026 - age);
    expect(signsUpAsMinor('student', year(15), now)).toBe(true);
    expect(signsUpAsMinor('student', year(30), now)).toBe(false);
    expect(signsUpAsMinor('parent', year(15), now)).toBe(false);
    expect(signsUpAsMinor('student', '20', now)).toBe(false);

    const minor = { ...valid, birthYear: year(15), parentEmail: '', parentPhone: '' };
    expect(firstErrors(minor).parentEmail).toBe(approvalMessages.parentEmailRequired);
    expect(firstErrors({ ...minor, parentEmail: 'amina@example.com' }).parentEmail).toBe(approvalMessages.parentEmailSame);
    expect(firstErrors({ ...minor, parentEmail: 'mama@example.com', parentPhone: '12345' }).parentPhone).toBe(approvalMessages.parentPhoneInvalid);
    expect(firstErrors({ ...minor, birthYear: '1800' }).birthYear).toBe(approvalMessages.birthYearRange);

    const body = toSignUpRequest(SignUpForm.parse({ ...minor, parentEmail: 'Mama@Example.com', parentPhone: '0712345678' }), now);
    expect(body).toMatchObject({ birthYear: 2011, parentEmail: 'mama@example.com', parentPhone: '0712345678' });
    // An adult student gives a birth year but no parent, even one typed before the year changed.
    const adult = toSignUpRequest(SignUpForm.parse({ ...valid, birthYear: year(30), parentEmail: 'mama@example.com' }), now);
    expect(adult).toMatchObject({ birthYear: 1996 });
    expect(adult).not.toHaveProperty('parentEmail');
  });
});

describe('confirmation code', () => {
  it('is exactly six digits', () => {
    expect(CONFIRMATION_CODE.test('123456')).toBe(true);
    expect(CONFIRMATION_CODE.test('12345')).toBe(false);
    expect(CONFIRMATION_CODE.test('12345a')).toBe(false);
    expect(CONFIRMATION_CODE.test('1234567')).toBe(false);
  });
});

describe('error texts', () => {
  beforeAll(() => startInLanguage('en'));

  it("shows Cognito's message for a wrong password, else the fallback", () => {
    const wrong = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(authErrorMessage(wrong, messages.signInFailed, t)).toBe('Incorrect username or password.');
    const offline = Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });
    expect(authErrorMessage(offline, messages.signInFailed, t)).toBe('A network error has occurred.');
    expect(authErrorMessage(new Error('config.json: HTTP 502'), messages.signInFailed, t)).toBe(messages.signInFailed);
    expect(authErrorMessage(new Error(''), messages.signInFailed, t)).toBe(messages.signInFailed);
    expect(authErrorMessage(Object.assign(new Error('NotAuthorizedException'), { name: 'NotAuthorizedException' }), 'x', t)).toBe('x');
    expect(authErrorMessage('boom', messages.signInFailed, t)).toBe(messages.signInFailed);
  });

  it('sign-in answers an unknown e-mail exactly like a wrong password', () => {
    const unknown = Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    const wrong = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(signInErrorMessage(unknown, t)).toBe('Incorrect email or password.');
    expect(signInErrorMessage(wrong, t)).toBe(signInErrorMessage(unknown, t));
    // Other refusals keep their own text; non-Cognito failures the spec's default.
    const disabled = Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' });
    expect(signInErrorMessage(disabled, t)).toBe('User is disabled.');
    expect(signInErrorMessage(new Error('config.json: HTTP 502'), t)).toBe(messages.signInFailed);
  });

  it("shows the sign-up API's message as is, and the spec default otherwise", () => {
    const taken = apiErrorFrom(409, { error: { code: 'email_taken', message: messages.emailTaken } });
    expect(signUpErrorMessage(taken, t)).toBe(messages.emailTaken);
    expect(signUpErrorMessage(apiErrorFrom(502, { message: 'Internal Server Error' }), t)).toBe(messages.signUpFailed);
    expect(signUpErrorMessage(new ApiError(0, 'network_error', 'Network error'), t)).toBe(messages.signUpFailed);
    expect(signUpErrorMessage(new Error('x'), t)).toBe(messages.signUpFailed);
  });
});

describe('in Kiswahili', () => {
  beforeAll(() => switchLanguage('sw', { remember: false }));
  afterAll(() => startInLanguage('en'));

  it("words Cognito's English refusals from the catalog, and the fallback for one it does not know", () => {
    const mismatch = Object.assign(new Error('Invalid verification code provided, please try again.'), { name: 'CodeMismatchException' });
    expect(authErrorMessage(mismatch, 'x', t)).toBe('Msimbo wa uthibitisho si sahihi. Tafadhali jaribu tena.');
    expect(authErrorMessage(Object.assign(new Error('Something new.'), { name: 'NewException' }), 'x', t)).toBe('x');
    const wrong = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(signInErrorMessage(wrong, t)).toBe('Barua pepe au nenosiri si sahihi.');
    expect(signUpErrorMessage(new Error('x'), t)).toBe('Imeshindikana kufungua akaunti. Tafadhali jaribu tena.');
  });
});

describe('the catalog', () => {
  it("words the spec's sign-in and sign-up texts exactly as the API does", () => {
    for (const [name, text] of Object.entries(messages)) {
      const key = `messages.${name}`;
      if (key in en) expect(en[key as keyof typeof en], key).toBe(text);
    }
  });
});
