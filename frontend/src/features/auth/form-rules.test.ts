import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import { resetFormProblem } from './form-rules';

describe('resetFormProblem (Forgot password)', () => {
  it('asks for everything, a 6-digit code, 6+ characters and a matching confirmation', () => {
    const problem = (code: string, password: string, confirm: string) => {
      const key = resetFormProblem(code, password, confirm);
      return key && en[key];
    };
    expect(problem('', 'secret1', 'secret1')).toBe('Please fill in all fields');
    expect(problem('12ab56', 'secret1', 'secret1')).toBe('Please enter the 6-digit code.');
    expect(problem('123456', '12345', '12345')).toBe('Password must be at least 6 characters long');
    expect(problem('123456', 'secret1', 'secret2')).toBe("Passwords don't match");
    expect(problem('123456', 'secret1', 'secret1')).toBeNull();
  });
});
