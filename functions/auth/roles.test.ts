import { describe, expect, it } from 'vitest';
import { parseGroupsClaim, resolveRole } from './roles.js';

describe('parseGroupsClaim', () => {
  it('reads the array a decoded token carries', () => {
    expect(parseGroupsClaim(['tutor', 'student'])).toEqual(['tutor', 'student']);
  });
  it('reads the string API Gateway flattens arrays into', () => {
    expect(parseGroupsClaim('[student tutor]')).toEqual(['student', 'tutor']);
    expect(parseGroupsClaim('[super_admin]')).toEqual(['super_admin']);
  });
  it('treats a missing or odd claim as no groups', () => {
    expect(parseGroupsClaim(undefined)).toEqual([]);
    expect(parseGroupsClaim('[]')).toEqual([]);
    expect(parseGroupsClaim(42)).toEqual([]);
  });
});

describe('resolveRole', () => {
  it('is student when there is no known group', () => {
    expect(resolveRole([])).toBe('student');
    expect(resolveRole(['teachers', 'admin'])).toBe('student');
  });
  it('picks the strongest group a user has', () => {
    expect(resolveRole(['student', 'tutor'])).toBe('tutor');
    expect(resolveRole(['tutor', 'super_admin', 'student'])).toBe('super_admin');
    expect(resolveRole(['student', 'parent'])).toBe('parent');
    expect(resolveRole(['parent', 'tutor'])).toBe('tutor');
  });
});
