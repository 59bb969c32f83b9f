import { describe, expect, it } from 'vitest';
import { checkMinorSignUp, messages, SignUpFields, SignUpRequest, signUpSuccessMessage } from './contract.js';
import { roleForAccountType } from './service.js';

const valid = { accountType: 'student', firstName: 'Amani', lastName: 'Njoroge', email: 'amani@example.com', password: 'mango-tree-42', birthYear: 1998 };
const firstError = (input: unknown) => SignUpRequest.safeParse(input).error?.issues[0]?.message;

describe('SignUpRequest', () => {
  it('accepts the required fields alone; phone and country are optional', () => {
    expect(SignUpRequest.parse(valid)).toMatchObject(valid);
  });
  it('needs a student\'s year of birth (an under-18 cannot skip the parent by leaving it out); other accounts give none', () => {
    const { birthYear: _none, ...withoutYear } = valid;
    expect(SignUpRequest.safeParse(withoutYear).error?.issues.map((i) => [i.path.join('.'), i.message]))
      .toEqual([['birthYear', 'Please enter your year of birth']]);
    for (const accountType of ['parent', 'tutor', 'admin']) {
      expect(SignUpRequest.safeParse({ ...withoutYear, accountType }).success, accountType).toBe(true);
    }
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
  it('needs at least 8 password characters: 7 are refused, 8 accepted', () => {
    expect(firstError({ ...valid, password: 'mango42' })).toBe('Password must be at least 8 characters long');
    expect(SignUpRequest.safeParse({ ...valid, password: 'mango-42' }).success).toBe(true);
  });
  it('refuses a common password whatever its letter case, with the product text', () => {
    for (const password of ['password1', 'Password1', 'QWERTY123', '12345678', 'iloveyou1', 'Nairobi254']) {
      expect(firstError({ ...valid, password }), password).toBe('This password is too common. Choose another.');
    }
  });
  it('accepts the demo accounts\' password (it is not on the list)', () => {
    expect(SignUpRequest.safeParse({ ...valid, password: 'Demo@1234' }).success).toBe(true);
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
  it('makes parents parents, students students and tutors tutors', () => {
    expect(roleForAccountType('parent')).toBe('parent');
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

describe('a student signing up alone with a birth year', () => {
  const check = (input: Record<string, unknown>, now: Date) => {
    const issues: Array<{ path?: PropertyKey[]; message?: string }> = [];
    checkMinorSignUp(SignUpFields.parse({ ...valid, ...input }), { addIssue: (issue: object) => issues.push(issue as never), value: undefined } as never, now);
    return issues.map((i) => `${String(i.path?.[0])}: ${i.message}`);
  };
  const now = new Date('2026-06-15T12:00:00Z');

  it('under 18 needs a parent\'s e-mail that is not their own, and a phone only if it is a Kenyan mobile', () => {
    expect(check({ birthYear: 2011 }, now)).toEqual(["parentEmail: Under 18, please enter your parent's e-mail address"]);
    expect(check({ birthYear: 2011, parentEmail: 'amani@example.com' }, now)).toEqual(["parentEmail: Your parent's e-mail address must be different from yours"]);
    expect(check({ birthYear: 2011, parentEmail: 'mama@example.com', parentPhone: '0203 123456' }, now))
      .toEqual(['parentPhone: Please enter a Kenyan mobile number (07XX XXX XXX)']);
    expect(check({ birthYear: 2011, parentEmail: 'mama@example.com', parentPhone: '0712 345 678' }, now)).toEqual([]);
  });

  it('an adult or another account type needs nothing more; a student without a year, or an impossible one, is refused', () => {
    expect(check({ birthYear: 2007 }, now)).toEqual([]);
    expect(check({ accountType: 'tutor', birthYear: 2011 }, now)).toEqual([]);
    expect(check({ accountType: 'parent', birthYear: undefined }, now)).toEqual([]);
    expect(check({ birthYear: undefined }, now)).toEqual(['birthYear: Please enter your year of birth']);
    expect(check({ birthYear: 2024, parentEmail: 'mama@example.com' }, now)).toEqual(['birthYear: Please enter a real year of birth']);
    expect(check({ birthYear: 1900 }, now)).toEqual(['birthYear: Please enter a real year of birth']);
  });
});
