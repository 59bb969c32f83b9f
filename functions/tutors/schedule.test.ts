import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from './contract.js';
import { bookableSlots, weeklyHours, weeklyStarts } from './schedule.js';

const slot = (dayOfWeek: number, startTime: string, endTime: string): AvailabilitySlot =>
  ({ id: `${dayOfWeek}-${startTime}`, dayOfWeek, startTime, endTime, isAvailable: true });

describe('weeklyStarts', () => {
  it('turns Nairobi wall-clock hours into UTC instants (UTC+3)', () => {
    // Saturday 2026-11-21 10:00 UTC; Monday 09:00–11:00 Nairobi = 06:00 and 07:00 UTC.
    const starts = weeklyStarts([slot(1, '09:00', '11:00')], 'Africa/Nairobi', new Date('2026-11-21T10:00:00Z'), 7);
    expect(starts.map((d) => d.toISOString())).toEqual(['2026-11-23T06:00:00.000Z', '2026-11-23T07:00:00.000Z']);
  });

  it('offers only hours after now, within the window', () => {
    const now = new Date('2026-11-23T06:30:00Z'); // Monday 09:30 in Nairobi
    const starts = weeklyStarts([slot(1, '09:00', '11:00')], 'Africa/Nairobi', now, 30);
    expect(starts[0]!.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(starts.at(-1)!.toISOString()).toBe('2026-12-21T07:00:00.000Z');
    expect(starts).toHaveLength(9); // 5 Mondays × 2 hours, minus the one already past
  });

  it('follows daylight saving in the tutor zone', () => {
    // London: Sunday 2026-03-29 clocks go forward; 01:00 local does not exist that day.
    const from = new Date('2026-03-21T00:00:00Z');
    const starts = weeklyStarts([slot(0, '00:00', '03:00')], 'Europe/London', from, 14).map((d) => d.toISOString());
    expect(starts).toEqual([
      '2026-03-22T00:00:00.000Z', '2026-03-22T01:00:00.000Z', '2026-03-22T02:00:00.000Z', // GMT
      '2026-03-29T00:00:00.000Z', '2026-03-29T01:00:00.000Z', // 00:00 GMT, 02:00 BST (01:00 skipped)
    ]);
  });

  it('ignores slots marked unavailable', () => {
    const off = { ...slot(1, '09:00', '10:00'), isAvailable: false };
    expect(weeklyStarts([off], 'Africa/Nairobi', new Date('2026-11-21T00:00:00Z'), 7)).toEqual([]);
  });
});

describe('bookableSlots', () => {
  it('leaves out taken hours and gives one-hour ends', () => {
    const slots = bookableSlots([slot(1, '09:00', '11:00')], 'Africa/Nairobi', new Date('2026-11-21T10:00:00Z'), 7,
      new Set(['2026-11-23T06:00:00.000Z']));
    expect(slots).toEqual([{ start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T08:00:00.000Z' }]);
  });
});

describe('weeklyHours', () => {
  it('adds up the hours of available slots', () => {
    expect(weeklyHours([slot(1, '09:00', '11:00'), slot(3, '14:00', '17:00')])).toBe(5);
  });
});
