import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '@functions/auth/common-passwords-catalog';
import en from './i18n/en.json';
import sw from './i18n/sw.json';
import { resetFormProblem } from './form-rules';

describe('resetFormProblem (Forgot password)', () => {
  const problem = (code: string, password: string, confirm: string) => {
    const key = resetFormProblem(code, password, confirm, isCommonPassword);
    return key && en[key];
  };

  it('asks for everything, a 6-digit code, 8+ characters and a matching confirmation', () => {
    expect(problem('', 'mango-tree-42', 'mango-tree-42')).toBe('Please fill in all fields');
    expect(problem('12ab56', 'mango-tree-42', 'mango-tree-42')).toBe('Please enter the 6-digit code.');
    expect(problem('123456', 'mango42', 'mango42')).toBe('Password must be at least 8 characters long');
    expect(problem('123456', 'mango-42', 'mango-43')).toBe("Passwords don't match");
    expect(problem('123456', 'mango-42', 'mango-42')).toBeNull();
  });

  it('refuses a common password whatever its letter case, in both languages', () => {
    expect(problem('123456', 'Password123', 'Password123')).toBe('This password is too common. Choose another.');
    expect(problem('123456', 'KENYA2024', 'KENYA2024')).toBe('This password is too common. Choose another.');
    expect(resetFormProblem('123456', 'qwerty123', 'qwerty123', isCommonPassword)).toBe('messages.passwordTooCommon');
    expect(sw['messages.passwordTooCommon']).toBe('Nenosiri hili ni la kawaida mno. Chagua jingine.');
  });
});
