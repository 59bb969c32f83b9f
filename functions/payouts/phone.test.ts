import { describe, expect, it } from 'vitest';
import { maskAccountNumber, maskMobile, normalizeKenyanMobile } from './phone.js';

describe('normalizeKenyanMobile', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['254712345678', '254712345678'],
    ['254112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['  0712 345678 ', '254712345678'],
    ['+254-112-345-678', '254112345678'],
    ['+ 254 712 345 678', '254712345678'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalizeKenyanMobile(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['071234567', 'one digit short'],
    ['07123456789', 'one digit long'],
    ['0812345678', 'not a mobile prefix'],
    ['0212345678', 'a landline'],
    ['712345678', 'no leading 0 or country code'],
    ['255712345678', 'Tanzania'],
    ['+2540712345678', 'country code and trunk 0'],
    ['00254712345678', 'international 00 prefix'],
    ['07123a5678', 'a letter'],
    ['0712.345.678', 'dots'],
    ['(0712) 345 678', 'brackets'],
    ['+254 7123 4567', 'country code, one digit short'],
  ])('refuses %j (%s)', (input) => {
    expect(normalizeKenyanMobile(input)).toBeNull();
  });
});

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
