import { describe, expect, it } from 'vitest';
import { instantOf, nextLessonStart, slotInZones, weeklySlotIn, zoneOffsetMinutes } from './plan-time';

describe('a weekly slot across zones', () => {
  it('reads Nairobi wall-clock times as EAT (UTC+3, no daylight saving)', () => {
    expect(instantOf('2027-01-05', '17:00', 'Africa/Nairobi').toISOString()).toBe('2027-01-05T14:00:00.000Z');
    expect(zoneOffsetMinutes(new Date('2027-07-01T00:00:00Z'), 'Africa/Nairobi')).toBe(180);
  });

  it('keeps a London tutor\'s 17:00 at 17:00 on their clock either side of the clocks going forward', () => {
    expect(instantOf('2027-03-23', '17:00', 'Europe/London').toISOString()).toBe('2027-03-23T17:00:00.000Z');
    expect(instantOf('2027-03-30', '17:00', 'Europe/London').toISOString()).toBe('2027-03-30T16:00:00.000Z');
  });

  it('finds the next Tuesday 17:00 after now, a week on when today\'s has passed', () => {
    // Tuesday 1 December 2026, 18:00 in Nairobi: today's 17:00 is gone.
    const now = new Date('2026-12-01T15:00:00Z');
    expect(nextLessonStart(2, '17:00', 'Africa/Nairobi', now).toISOString()).toBe('2026-12-08T14:00:00.000Z');
    expect(nextLessonStart(2, '17:00', 'Africa/Nairobi', new Date('2026-12-01T13:59:00Z')).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(nextLessonStart(0, '09:00', 'Africa/Nairobi', now).toISOString()).toBe('2026-12-06T06:00:00.000Z');
  });

  it('shows a Nairobi Tuesday 17:00 as 14:00 to a family in London in winter and 15:00 in summer', () => {
    expect(slotInZones({ dayOfWeek: 2, startTime: '17:00' }, 'Africa/Nairobi', 'Europe/London', new Date('2026-12-01T00:00:00Z')))
      .toEqual({ tutor: { dayOfWeek: 2, time: '17:00' }, viewer: { dayOfWeek: 2, time: '14:00' } });
    expect(slotInZones({ dayOfWeek: 2, startTime: '17:00' }, 'Africa/Nairobi', 'Europe/London', new Date('2027-06-01T00:00:00Z')).viewer)
      .toEqual({ dayOfWeek: 2, time: '15:00' });
  });

  it('says nothing more when the viewer\'s clock reads the same', () => {
    expect(slotInZones({ dayOfWeek: 2, startTime: '17:00' }, 'Africa/Nairobi', 'Africa/Nairobi', new Date('2026-12-01T00:00:00Z')).viewer).toBeNull();
    expect(slotInZones({ dayOfWeek: 2, startTime: '17:00' }, 'Africa/Nairobi', 'Africa/Addis_Ababa', new Date('2026-12-01T00:00:00Z')).viewer).toBeNull();
  });

  it('moves the weekday for a family across the date line', () => {
    // Tuesday 20:00 in New York is Wednesday 04:00 in Nairobi.
    expect(slotInZones({ dayOfWeek: 2, startTime: '20:00' }, 'America/New_York', 'Africa/Nairobi', new Date('2026-12-01T00:00:00Z')).viewer)
      .toEqual({ dayOfWeek: 3, time: '04:00' });
    expect(weeklySlotIn(new Date('2027-01-05T14:00:00Z'), 'America/New_York')).toEqual({ dayOfWeek: 2, time: '09:00' });
  });
});
