import { describe, expect, it } from 'vitest';
import { checkCode, GRANT_VALID_HOURS, grantState, MAX_CODE_ATTEMPTS, newGrant, normalizeCode } from './grant-rules.js';

const now = new Date('2026-11-28T10:00:00.000Z');
const issue = () => newGrant({ userId: 'user_1', email: 'new@example.com', grantedBy: 'cli:ops' }, now);
const hoursLater = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('super admin grants', () => {
  it('hands out a code once and keeps only its hash', () => {
    const { grant, code } = issue();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(JSON.stringify(grant)).not.toContain(code.replace(/-/g, ''));
    expect(grant).toMatchObject({ status: 'pending', attempts: 0, expiresAt: hoursLater(GRANT_VALID_HOURS).toISOString() });
    expect(issue().code).not.toBe(code);
  });

  it('accepts the code typed loosely: lower case, spaces, O for 0, I or L for 1', () => {
    const { grant, code } = issue();
    const typed = code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    expect(normalizeCode(typed)).toBe(code.replace(/-/g, ''));
    expect(checkCode(grant, typed, now)).toEqual({ ok: true });
  });

  it('refuses a wrong code and says how many tries are left', () => {
    const { grant } = issue();
    expect(checkCode(grant, 'AAAA-AAAA-AAAA-AAAA', now)).toEqual({ ok: false, reason: 'wrong', attemptsLeft: MAX_CODE_ATTEMPTS - 1 });
    expect(checkCode({ ...grant, attempts: MAX_CODE_ATTEMPTS - 1 }, 'AAAA', now)).toMatchObject({ reason: 'wrong', attemptsLeft: 0 });
  });

  it('locks after the last wrong try, even for the right code', () => {
    const { grant, code } = issue();
    const locked = { ...grant, attempts: MAX_CODE_ATTEMPTS };
    expect(grantState(locked, now)).toBe('locked');
    expect(checkCode(locked, code, now)).toMatchObject({ ok: false, reason: 'locked' });
  });

  it('expires after its hours, to the millisecond', () => {
    const { grant, code } = issue();
    expect(checkCode(grant, code, new Date(hoursLater(GRANT_VALID_HOURS).getTime() - 1))).toEqual({ ok: true });
    expect(checkCode(grant, code, hoursLater(GRANT_VALID_HOURS))).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('works once: a used or revoked grant refuses its own code', () => {
    const { grant, code } = issue();
    expect(checkCode({ ...grant, status: 'used' }, code, now)).toMatchObject({ ok: false, reason: 'used' });
    expect(checkCode({ ...grant, status: 'revoked' }, code, now)).toMatchObject({ ok: false, reason: 'revoked' });
  });
});
