import { describe, expect, it } from 'vitest';
import {
  approvalExpiry, approvalTokenHash, birthYearRange, isApprovalLive, isApprovalTokenShape, isUnder18, nairobiYear, newApprovalToken,
} from './approval-rules.js';

describe('age from a birth year', () => {
  const midYear = new Date('2026-06-15T12:00:00Z');

  it('counts whoever turns 18 this year as under 18, and whoever turned 18 last year as an adult', () => {
    expect(isUnder18(2011, midYear)).toBe(true); // 15
    expect(isUnder18(2008, midYear)).toBe(true); // turns 18 in 2026
    expect(isUnder18(2007, midYear)).toBe(false);
  });

  it('reads the year in Nairobi: 22:00 UTC on 31 December is already the new year there', () => {
    const newYearInNairobi = new Date('2026-12-31T22:00:00Z');
    expect(nairobiYear(newYearInNairobi)).toBe(2027);
    expect(isUnder18(2008, newYearInNairobi)).toBe(false);
    expect(isUnder18(2008, new Date('2026-12-31T20:00:00Z'))).toBe(true);
  });

  it('takes birth years from 100 to 5 years back', () => {
    expect(birthYearRange(midYear)).toEqual({ min: 1926, max: 2021 });
  });
});

describe('approval tokens', () => {
  it('are new each time, URL-safe, and stored only as a hash that is not the token', () => {
    const a = newApprovalToken();
    const b = newApprovalToken();
    expect(a).not.toBe(b);
    expect(isApprovalTokenShape(a)).toBe(true);
    expect(approvalTokenHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(approvalTokenHash(a)).toBe(approvalTokenHash(a));
    expect(approvalTokenHash(a)).not.toContain(a);
  });

  it('refuse anything that is not a token before any read', () => {
    expect(isApprovalTokenShape('')).toBe(false);
    expect(isApprovalTokenShape('a'.repeat(42))).toBe(false);
    expect(isApprovalTokenShape(`${'a'.repeat(42)}/`)).toBe(false);
  });

  it('live for 7 days, not a second longer', () => {
    const now = new Date('2026-11-28T08:00:00Z');
    const expiresAt = Math.floor(approvalExpiry(now).getTime() / 1000);
    expect(isApprovalLive(expiresAt, new Date('2026-12-05T07:59:59Z'))).toBe(true);
    expect(isApprovalLive(expiresAt, new Date('2026-12-05T08:00:00Z'))).toBe(false);
  });
});
