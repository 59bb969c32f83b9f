import { describe, expect, it } from 'vitest';
import { kenyanMobileE164, maskMobile, normalizeKenyanMobile, phoneForLogs } from './phone.js';

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

describe('kenyanMobileE164', () => {
  it.each([['0712 345 678', '+254712345678'], ['01-1234-5678', '+254112345678'], ['254712345678', '+254712345678']])('%j → %s', (input, expected) => {
    expect(kenyanMobileE164(input)).toBe(expected);
  });

  it('refuses what the Kenyan rule refuses', () => {
    expect(kenyanMobileE164('+255712345678')).toBeNull();
    expect(kenyanMobileE164('0712')).toBeNull();
  });
});

describe('what may be shown or logged of a number', () => {
  it('masks a normalised or E.164 number alike', () => {
    expect(maskMobile('+254712345678')).toBe('07•• ••• 678');
  });

  it('logs never carry the full number', () => {
    expect(phoneForLogs('+254712345678')).toBe('2547…678');
    expect(phoneForLogs('+254712345678')).not.toContain('12345');
    expect(phoneForLogs('12')).toBe('…');
  });
});
