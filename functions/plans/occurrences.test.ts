import { describe, expect, it } from 'vitest';
import type { AvailabilitySlot } from '../tutors/contract.js';
import { MAX_PLAN_LESSONS, planClashes, planDates } from './occurrences.js';
import { isInTermTime, planTerm, termOn } from './school-calendar.js';

const tuesday5pm = { dayOfWeek: 2, startTime: '17:00', durationMinutes: 60, timeZone: 'Africa/Nairobi' } as const;

describe('the school calendar', () => {
  it('knows term time, half-term and holidays', () => {
    expect(termOn('2026-02-10')?.id).toBe('2026-1');
    expect(isInTermTime('2026-02-10')).toBe(true);
    expect(isInTermTime('2026-02-26')).toBe(false); // half-term
    expect(isInTermTime('2026-04-14')).toBe(false); // April holiday
    expect(termOn('2026-04-14')).toBeUndefined();
  });

  it('a plan set up in the holidays runs to the end of the next term; none when the calendar ends', () => {
    expect(planTerm('2026-11-28')?.id).toBe('2027-1');
    expect(planTerm('2026-03-10')?.id).toBe('2026-1');
    expect(planTerm('2028-01-10')).toBeUndefined();
  });
});

describe('weekly plan dates', () => {
  it('"every Tuesday 17:00 until the end of term" from mid-February skips half-term and stops at closing', () => {
    const { occurrences, skipped, term } = planDates(tuesday5pm, { kind: 'term' }, new Date('2026-02-09T08:00:00Z'));
    expect(term).toEqual({ id: '2026-1', closes: '2026-04-02' });
    // Tuesdays 10 Feb … 31 Mar: 8 weeks; 1 Mar half-term ends on Sunday, so no Tuesday is lost in 2026.
    expect(occurrences.map((o) => o.localDate)).toEqual([
      '2026-02-10', '2026-02-17', '2026-02-24', '2026-03-03', '2026-03-10', '2026-03-17', '2026-03-24', '2026-03-31',
    ]);
    expect(skipped).toEqual([]);
    expect(occurrences[0]).toEqual({ localDate: '2026-02-10', start: '2026-02-10T14:00:00.000Z', end: '2026-02-10T15:00:00.000Z' });
  });

  it('a Thursday plan loses the half-term Thursday, reported as a holiday', () => {
    const { occurrences, skipped } = planDates({ ...tuesday5pm, dayOfWeek: 4 }, { kind: 'term' }, new Date('2026-02-16T08:00:00Z'));
    expect(skipped).toEqual([{ localDate: '2026-02-26', reason: 'holiday' }]);
    expect(occurrences.map((o) => o.localDate)).not.toContain('2026-02-26');
    expect(occurrences.at(-1)?.localDate).toBe('2026-04-02');
  });

  it('never plans a lesson already under way or past: today at 17:00 after 17:00 starts next week', () => {
    const { occurrences } = planDates(tuesday5pm, { kind: 'weeks', lessons: 2, skipHolidays: false }, new Date('2026-03-10T14:30:00Z'));
    expect(occurrences.map((o) => o.localDate)).toEqual(['2026-03-17', '2026-03-24']);
  });

  it('N lessons through the holidays when asked, skipping them otherwise', () => {
    const from = new Date('2026-03-23T06:00:00Z');
    const through = planDates(tuesday5pm, { kind: 'weeks', lessons: 4, skipHolidays: false }, from);
    expect(through.occurrences.map((o) => o.localDate)).toEqual(['2026-03-24', '2026-03-31', '2026-04-07', '2026-04-14']);
    const termOnly = planDates(tuesday5pm, { kind: 'weeks', lessons: 4, skipHolidays: true }, from);
    expect(termOnly.occurrences.map((o) => o.localDate)).toEqual(['2026-03-24', '2026-03-31', '2026-04-28', '2026-05-05']);
    expect(termOnly.skipped.map((s) => s.localDate)).toEqual(['2026-04-07', '2026-04-14', '2026-04-21']);
  });

  it('keeps the tutor\'s wall clock across daylight saving: London 17:00 is 16:00 UTC in summer, 17:00 UTC in winter', () => {
    const london = { ...tuesday5pm, timeZone: 'Europe/London' };
    const { occurrences } = planDates(london, { kind: 'weeks', lessons: 3, skipHolidays: false }, new Date('2026-10-19T00:00:00Z'));
    expect(occurrences.map((o) => o.start)).toEqual(['2026-10-20T16:00:00.000Z', '2026-10-27T17:00:00.000Z', '2026-11-03T17:00:00.000Z']);
  });

  it('New York: a 02:30 lesson on the spring-forward Sunday does not exist and is reported, not moved', () => {
    const ny = { dayOfWeek: 0, startTime: '02:30', durationMinutes: 60, timeZone: 'America/New_York' } as const;
    const { occurrences, skipped } = planDates(ny, { kind: 'weeks', lessons: 2, skipHolidays: false }, new Date('2026-03-01T12:00:00Z'));
    expect(skipped).toEqual([{ localDate: '2026-03-08', reason: 'no_such_time' }]);
    expect(occurrences.map((o) => o.start)).toEqual(['2026-03-15T06:30:00.000Z', '2026-03-22T06:30:00.000Z']);
  });

  it('a term plan past the calendar\'s last term gives nothing rather than guessing', () => {
    expect(planDates(tuesday5pm, { kind: 'term' }, new Date('2027-11-01T08:00:00Z'))).toEqual({ occurrences: [], skipped: [] });
  });

  it('marks a plan that runs into provisional dates', () => {
    expect(planDates(tuesday5pm, { kind: 'term' }, new Date('2026-11-28T08:00:00Z')).term).toEqual({ id: '2027-1', closes: '2027-04-01', provisional: true });
  });

  it('holds at most a school year of lessons', () => {
    expect(planDates(tuesday5pm, { kind: 'weeks', lessons: 500, skipHolidays: false }, new Date('2026-01-01T00:00:00Z')).occurrences).toHaveLength(MAX_PLAN_LESSONS);
  });
});

describe('plan clashes', () => {
  const slots: AvailabilitySlot[] = [{ id: 's1', dayOfWeek: 2, startTime: '16:00', endTime: '19:00', isAvailable: true }];
  const now = new Date('2026-02-09T08:00:00Z');

  it('checks every occurrence: a lesson booked by someone else in week 5 is reported, the rest are free', () => {
    const { occurrences } = planDates(tuesday5pm, { kind: 'term' }, now);
    const taken = new Set(['2026-03-10T14:00:00.000Z']);
    expect(planClashes(occurrences, slots, 'Africa/Nairobi', taken, now)).toEqual([{ occurrence: occurrences[4], reason: 'taken' }]);
  });

  it('a 90-minute lesson needs both hours inside availability', () => {
    const { occurrences } = planDates({ ...tuesday5pm, startTime: '18:00', durationMinutes: 90 }, { kind: 'weeks', lessons: 1, skipHolidays: false }, now);
    expect(planClashes(occurrences, slots, 'Africa/Nairobi', new Set(), now)).toEqual([{ occurrence: occurrences[0], reason: 'unavailable' }]);
  });

  it('a first lesson sooner than the tutor\'s minimum notice is not offered; the next week\'s is', () => {
    // Monday 08:00 UTC; Tuesday 17:00 Nairobi is 30 h away: too soon at 48 h notice, fine at 24 h.
    const { occurrences } = planDates(tuesday5pm, { kind: 'weeks', lessons: 2, skipHolidays: false }, now);
    expect(planClashes(occurrences, slots, 'Africa/Nairobi', new Set(), now, 48)).toEqual([{ occurrence: occurrences[0], reason: 'too_soon' }]);
    expect(planClashes(occurrences, slots, 'Africa/Nairobi', new Set(), now, 24)).toEqual([]);
  });
});
