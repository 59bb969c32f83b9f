import { describe, expect, it } from 'vitest';
import { maskMobile } from '../shared/phone.js';
import { maskAccountNumber } from './phone.js';

describe('masks', () => {
  it('shows the first two and last three digits of an M-Pesa number', () => {
    expect(maskMobile('254712345678')).toBe('07•• ••• 678');
    expect(maskMobile('254112345999')).toBe('01•• ••• 999');
  });

  it('shows at most the last four digits of a bank account, never half of a short one', () => {
    expect(maskAccountNumber('0123456785678')).toBe('••••5678');
    expect(maskAccountNumber('1234 5678')).toBe('••••5678');
    expect(maskAccountNumber('123456')).toBe('••••456');
  });

  it('never contains the full number', () => {
    const full = '254712345678';
    expect(maskMobile(full)).not.toContain('712345678');
    expect(maskAccountNumber('0123456785678')).not.toContain('0123456785678');
  });
});
