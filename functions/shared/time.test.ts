import { describe, expect, it } from 'vitest';
import { lastWeeks, wallClock, weekOf } from './time.js';

describe('weekOf', () => {
  it('is the Monday of the UTC week', () => {
    expect(weekOf(new Date('2026-11-21T10:00:00Z'))).toBe('2026-11-16'); // Saturday
    expect(weekOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16'); // Sunday
    expect(weekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23'); // Monday
    expect(weekOf(new Date('2027-01-01T00:00:00Z'))).toBe('2026-12-28'); // across the year
  });
  it('lists the last weeks oldest first', () => {
    expect(lastWeeks(new Date('2026-11-21T10:00:00Z'), 3)).toEqual(['2026-11-02', '2026-11-09', '2026-11-16']);
  });
});

describe('wallClock', () => {
  it('reads an instant on the zone\'s clock, across daylight saving and midnight', () => {
    expect(wallClock(new Date('2026-12-01T14:00:00Z'), 'Africa/Nairobi')).toBe('2026-12-01T17:00:00');
    expect(wallClock(new Date('2026-07-01T16:00:00Z'), 'Europe/London')).toBe('2026-07-01T17:00:00');
    expect(wallClock(new Date('2026-12-01T17:00:00Z'), 'Europe/London')).toBe('2026-12-01T17:00:00');
    expect(wallClock(new Date('2026-03-08T07:30:00Z'), 'America/New_York')).toBe('2026-03-08T03:30:00');
    expect(wallClock(new Date('2026-12-31T21:00:00Z'), 'Africa/Nairobi')).toBe('2027-01-01T00:00:00');
  });
});
