import { describe, expect, it } from 'vitest';
import { resetFormProblem } from './form-rules';

describe('resetFormProblem (Forgot password)', () => {
  it('asks for everything, a 6-digit code, 6+ characters and a matching confirmation', () => {
    expect(resetFormProblem('', 'secret1', 'secret1')).toBe('Please fill in all fields');
    expect(resetFormProblem('12ab56', 'secret1', 'secret1')).toBe('Please enter the 6-digit code.');
    expect(resetFormProblem('123456', '12345', '12345')).toBe('Password must be at least 6 characters long');
    expect(resetFormProblem('123456', 'secret1', 'secret2')).toBe("Passwords don't match");
    expect(resetFormProblem('123456', 'secret1', 'secret1')).toBeNull();
  });
});
