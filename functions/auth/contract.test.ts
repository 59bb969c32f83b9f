import { describe, expect, it } from 'vitest';
import { messages, SignUpRequest, signUpSuccessMessage } from './contract.js';
import { roleForAccountType } from './service.js';

const valid = { accountType: 'student', firstName: 'Amani', lastName: 'Njoroge', email: 'amani@example.com', password: 'secret1' };
const firstError = (input: unknown) => SignUpRequest.safeParse(input).error?.issues[0]?.message;

describe('SignUpRequest', () => {
  it('accepts the required fields alone; phone and country are optional', () => {
    expect(SignUpRequest.parse(valid)).toMatchObject(valid);
  });
  it('normalises the e-mail', () => {
    expect(SignUpRequest.parse({ ...valid, email: '  Amani@Example.COM ' }).email).toBe('amani@example.com');
  });
  it('needs first and last name, not just spaces', () => {
    expect(firstError({ ...valid, firstName: '   ' })).toBe('First name is required');
    expect(firstError({ ...valid, lastName: undefined })).toBe('Last name is required');
  });
  it('rejects a bad e-mail with the spec text', () => {
    expect(firstError({ ...valid, email: 'amani@' })).toBe(messages.invalidEmail);
  });
  it('needs at least 6 password characters', () => {
    expect(firstError({ ...valid, password: '12345' })).toBe('Password must be at least 6 characters long');
    expect(SignUpRequest.safeParse({ ...valid, password: '123456' }).success).toBe(true);
  });
  it('only knows the four account types', () => {
    expect(SignUpRequest.safeParse({ ...valid, accountType: 'super_admin' }).success).toBe(false);
  });
  it('rejects a phone number with letters', () => {
    expect(SignUpRequest.safeParse({ ...valid, phone: 'call me' }).success).toBe(false);
    expect(SignUpRequest.safeParse({ ...valid, phone: '+254 712 345 678' }).success).toBe(true);
  });
});

describe('roleForAccountType', () => {
  it('never grants admin from the sign-up form', () => {
    expect(roleForAccountType('admin')).toBe('student');
  });
  it('makes parents students and tutors tutors', () => {
    expect(roleForAccountType('parent')).toBe('student');
    expect(roleForAccountType('student')).toBe('student');
    expect(roleForAccountType('tutor')).toBe('tutor');
  });
});

describe('signUpSuccessMessage', () => {
  it('asks everyone to verify the e-mail and tells tutors about KYC', () => {
    expect(signUpSuccessMessage('student')).toMatch(/check your email/);
    expect(signUpSuccessMessage('student')).not.toMatch(/KYC/);
    expect(signUpSuccessMessage('tutor')).toMatch(/KYC verification/);
  });
});
