import { describe, expect, it } from 'vitest';
import { messages } from '../../../../functions/auth/contract';
import { ApiError, apiErrorFrom } from '../../shared/api';
import { authErrorMessage, signInErrorMessage, signUpErrorMessage } from './errors';
import { CONFIRMATION_CODE } from './form-rules';
import { SignUpForm, toSignUpRequest } from './schema';

const valid = {
  accountType: 'student',
  firstName: 'Amina',
  lastName: 'Wanjiru',
  email: '  Amina@Example.COM ',
  phone: '',
  country: 'Kenya',
  password: 'secret1',
  confirmPassword: 'secret1',
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

describe('Create Account form schema (spec §5)', () => {
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

  it('requires at least 6 password characters', () => {
    expect(firstErrors({ ...valid, password: '12345', confirmPassword: '12345' }).password).toBe(messages.passwordTooShort);
  });

  it('requires names, e-mail and confirmation; phone and country are optional', () => {
    const errors = firstErrors({ ...valid, firstName: ' ', lastName: '', email: 'nope', confirmPassword: '' });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.lastName).toBe('Last name is required');
    expect(errors.email).toBe(messages.invalidEmail);
    expect(errors.confirmPassword).toBe('Please confirm your password');
    expect(SignUpForm.safeParse({ ...valid, phone: '', country: '' }).success).toBe(true);
  });

  it('builds the API body without the confirmation and without empty optional fields', () => {
    const body = toSignUpRequest(SignUpForm.parse({ ...valid, accountType: 'tutor', country: '' }));
    expect(body).toEqual({
      accountType: 'tutor',
      firstName: 'Amina',
      lastName: 'Wanjiru',
      email: 'amina@example.com',
      password: 'secret1',
    });
    expect(toSignUpRequest(SignUpForm.parse({ ...valid, phone: '+254 712 345678' })).phone).toBe('+254 712 345678');
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
  it("shows Cognito's message for a wrong password, else the fallback", () => {
    const wrong = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(authErrorMessage(wrong, messages.signInFailed)).toBe('Incorrect username or password.');
    const offline = Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' });
    expect(authErrorMessage(offline, messages.signInFailed)).toBe('A network error has occurred.');
    expect(authErrorMessage(new Error('config.json: HTTP 502'), messages.signInFailed)).toBe(messages.signInFailed);
    expect(authErrorMessage(new Error(''), messages.signInFailed)).toBe(messages.signInFailed);
    expect(authErrorMessage(Object.assign(new Error('NotAuthorizedException'), { name: 'NotAuthorizedException' }), 'x')).toBe('x');
    expect(authErrorMessage('boom', messages.signInFailed)).toBe(messages.signInFailed);
  });

  it('sign-in answers an unknown e-mail exactly like a wrong password', () => {
    const unknown = Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    const wrong = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    expect(signInErrorMessage(unknown)).toBe('Incorrect email or password.');
    expect(signInErrorMessage(wrong)).toBe(signInErrorMessage(unknown));
    // Other refusals keep their own text; non-Cognito failures the spec's default.
    const disabled = Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' });
    expect(signInErrorMessage(disabled)).toBe('User is disabled.');
    expect(signInErrorMessage(new Error('config.json: HTTP 502'))).toBe(messages.signInFailed);
  });

  it("shows the sign-up API's message as is, and the spec default otherwise", () => {
    const taken = apiErrorFrom(409, { error: { code: 'email_taken', message: messages.emailTaken } });
    expect(signUpErrorMessage(taken)).toBe(messages.emailTaken);
    expect(signUpErrorMessage(apiErrorFrom(502, { message: 'Internal Server Error' }))).toBe(messages.signUpFailed);
    expect(signUpErrorMessage(new ApiError(0, 'network_error', 'Network error'))).toBe(messages.signUpFailed);
    expect(signUpErrorMessage(new Error('x'))).toBe(messages.signUpFailed);
  });
});
