import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from './contract.js';
import { coveredHours } from '../bookings/rules.js';
import { bookableSlots, lessonTimeProblem, weeklyHours, weeklyStarts, type TutorSchedule } from './schedule.js';

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

const schedule = (timeZone: string, minNoticeHours = 0, slots = [slot(1, '09:00', '12:00')]): TutorSchedule =>
  ({ slots, timeZone, minNoticeHours });

describe('bookableSlots', () => {
  it('leaves out taken hours and gives one-hour ends', () => {
    const slots = bookableSlots(schedule('Africa/Nairobi', 0, [slot(1, '09:00', '11:00')]), new Date('2026-11-21T10:00:00Z'), 7,
      new Set(['2026-11-23T06:00:00.000Z']));
    expect(slots).toEqual([{ start: '2026-11-23T07:00:00.000Z', end: '2026-11-23T08:00:00.000Z' }]);
  });
});

describe('offered and accepted times come from one rule', () => {
  const now = new Date('2026-11-21T00:00:00Z'); // Saturday; the slot is Monday 09:00–12:00 local
  const cases = [
    { timeZone: 'Asia/Kolkata', first: '2026-11-23T03:30:00.000Z' }, // UTC+5:30
    { timeZone: 'Asia/Kathmandu', first: '2026-11-23T03:15:00.000Z' }, // UTC+5:45
    { timeZone: 'America/St_Johns', first: '2026-11-23T12:30:00.000Z' }, // UTC-3:30 in November
    { timeZone: 'Africa/Nairobi', first: '2026-11-23T06:00:00.000Z' },
  ];
  for (const { timeZone, first } of cases) {
    it(`${timeZone}: every offered start (and 2-hour lesson) is accepted; a whole UTC hour in between is not`, () => {
      const s = schedule(timeZone);
      const offered = bookableSlots(s, now, 7, new Set()).map((x) => x.start);
      expect(offered[0]).toBe(first);
      expect(offered).toHaveLength(3);
      for (const start of offered) expect(lessonTimeProblem(s, start, coveredHours(start, 60), now, 7)).toBeNull();
      expect(lessonTimeProblem(s, offered[0]!, coveredHours(offered[0]!, 120), now, 7)).toBeNull();
      expect(lessonTimeProblem(s, offered[2]!, coveredHours(offered[2]!, 90), now, 7)).toBe('unavailable'); // runs past 12:00
      const shifted = new Date(Date.parse(offered[1]!) + 30 * 60_000).toISOString();
      if (!offered.includes(shifted)) expect(lessonTimeProblem(s, shifted, coveredHours(shifted, 60), now, 7)).toBe('unavailable');
    });
  }
});

describe('minimum notice', () => {
  const now = new Date('2026-11-23T05:30:00Z'); // Monday 08:30 in Nairobi; slot 09:00–12:00
  it('offers only starts at least the notice ahead, and refuses the others as too soon', () => {
    const s = schedule('Africa/Nairobi', 2);
    expect(bookableSlots(s, now, 1, new Set()).map((x) => x.start)).toEqual(['2026-11-23T08:00:00.000Z']); // 11:00, 2.5 h ahead
    expect(lessonTimeProblem(s, '2026-11-23T07:00:00.000Z', ['2026-11-23T07:00:00.000Z'], now, 1)).toBe('too_soon'); // 1.5 h
    expect(lessonTimeProblem(s, '2026-11-23T06:00:00.000Z', ['2026-11-23T06:00:00.000Z'], now, 1)).toBe('too_soon'); // 0.5 h
    expect(lessonTimeProblem(s, '2026-11-23T08:00:00.000Z', ['2026-11-23T08:00:00.000Z'], now, 1)).toBeNull();
    // Exactly the notice ahead is allowed; a start outside the slots stays "unavailable".
    expect(bookableSlots(schedule('Africa/Nairobi', 2), new Date('2026-11-23T05:00:00Z'), 1, new Set())[0]!.start).toBe('2026-11-23T07:00:00.000Z');
    expect(lessonTimeProblem(s, '2026-11-23T04:00:00.000Z', ['2026-11-23T04:00:00.000Z'], now, 1)).toBe('unavailable');
  });

  it('with 0 hours offers everything still ahead', () => {
    expect(bookableSlots(schedule('Africa/Nairobi', 0), now, 1, new Set()).map((x) => x.start))
      .toEqual(['2026-11-23T06:00:00.000Z', '2026-11-23T07:00:00.000Z', '2026-11-23T08:00:00.000Z']);
  });
});

describe('weeklyHours', () => {
  it('adds up the hours of available slots', () => {
    expect(weeklyHours([slot(1, '09:00', '11:00'), slot(3, '14:00', '17:00')])).toBe(5);
  });
});
