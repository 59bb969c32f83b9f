import { describe, expect, it } from 'vitest';
import { codeMatches, hashCode, newCode, newSalt } from './code.js';
import { codeState, CODE_VALID_MINUTES, MAX_CODE_TRIES, smsTexts, validUntilOf } from './rules.js';

const GSM7_BASIC = /^[A-Za-z0-9 @$_!"#%&'()*+,\-./:;<=>?\n]*$/;

describe('one-time phone codes', () => {
  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('are kept hashed: the hash does not contain the code, and confirms only for its own account and number', () => {
    const salt = newSalt();
    const stored = { salt, userId: 'u1', phone: '254712345678', codeHash: hashCode('012345', salt, 'u1', '254712345678') };
    expect(stored.codeHash).not.toContain('012345');
    expect(codeMatches('012345', stored)).toBe(true);
    expect(codeMatches('012346', stored)).toBe(false);
    expect(codeMatches('012345', { ...stored, phone: '254712345679' })).toBe(false);
    expect(codeMatches('012345', { ...stored, userId: 'u2' })).toBe(false);
  });

  it('are valid for 10 minutes', () => {
    const sent = new Date('2026-11-28T08:00:00Z');
    const code = { validUntil: validUntilOf(sent).toISOString(), wrongTries: 0 };
    expect(CODE_VALID_MINUTES).toBe(10);
    expect(codeState(code, new Date('2026-11-28T08:09:59Z'))).toBe('valid');
    expect(codeState(code, new Date('2026-11-28T08:10:00Z'))).toBe('expired');
  });

  it('lock after 5 wrong tries, even while still in time', () => {
    const code = { validUntil: '2026-11-28T08:10:00Z', wrongTries: MAX_CODE_TRIES - 1 };
    const now = new Date('2026-11-28T08:01:00Z');
    expect(codeState(code, now)).toBe('valid');
    expect(codeState({ ...code, wrongTries: MAX_CODE_TRIES }, now)).toBe('locked');
  });
});

describe('phone SMS texts', () => {
  it.each(['en', 'sw'] as const)('fit one plain SMS page in %s', (language) => {
    for (const text of [smsTexts[language].code('123456'), smsTexts[language].replaced('678')]) {
      expect(text.length).toBeLessThanOrEqual(160);
      expect(text).toMatch(GSM7_BASIC);
    }
    expect(smsTexts[language].code('123456')).toContain('123456');
    expect(smsTexts[language].replaced('678')).toContain('678');
  });
});
