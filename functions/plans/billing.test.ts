import { describe, expect, it } from 'vitest';
import { graceEndsAt, monthlyInstalments, termInstalment, unusedPaidLessons } from './billing.js';
import { planDates } from './occurrences.js';

const now = new Date('2026-02-09T08:00:00Z');
const { occurrences } = planDates({ dayOfWeek: 2, startTime: '17:00', durationMinutes: 60, timeZone: 'Africa/Nairobi' }, { kind: 'term' }, now);

describe('paying a plan by the month', () => {
  it('eight Tuesdays make two instalments of four; the first is charged now, the second three days before its first lesson', () => {
    const instalments = monthlyInstalments(occurrences, 1500, now);
    expect(instalments.map((i) => [i.number, i.lessons.length, i.amount, i.chargeAt])).toEqual([
      [1, 4, 6000, '2026-02-09T08:00:00.000Z'],
      [2, 4, 6000, '2026-03-07T14:00:00.000Z'],
    ]);
  });

  it('a block spans at most 28 days, so a holiday gap starts a new instalment', () => {
    const thursdays = planDates({ dayOfWeek: 4, startTime: '17:00', durationMinutes: 60, timeZone: 'Africa/Nairobi' }, { kind: 'weeks', lessons: 6, skipHolidays: true }, new Date('2026-03-16T06:00:00Z'));
    const instalments = monthlyInstalments(thursdays.occurrences, 1000, new Date('2026-03-16T06:00:00Z'));
    expect(instalments.map((i) => i.lessons.map((l) => l.localDate))).toEqual([
      ['2026-03-19', '2026-03-26', '2026-04-02'],
      ['2026-04-30', '2026-05-07', '2026-05-14'],
    ]);
  });

  it('the whole term is one charge now; no lessons, no charge', () => {
    expect(termInstalment(occurrences, 1500, now)).toEqual([{ number: 1, chargeAt: now.toISOString(), lessons: occurrences, amount: 12000 }]);
    expect(termInstalment([], 1500, now)).toEqual([]);
  });

  it('a failed charge keeps the slots for 48 hours', () => {
    expect(graceEndsAt(new Date('2026-03-07T14:00:00Z'))).toBe('2026-03-09T14:00:00.000Z');
  });
});

describe('ending a plan', () => {
  it('gives back exactly the paid lessons not yet started and not already refunded', () => {
    const lessons = [
      { start: '2026-02-10T14:00:00.000Z', amount: 1500, state: 'completed' as const },
      { start: '2026-02-17T14:00:00.000Z', amount: 1500, state: 'refunded' as const },
      { start: '2026-02-24T14:00:00.000Z', amount: 1500, state: 'upcoming' as const }, // under way at `end`
      { start: '2026-03-03T14:00:00.000Z', amount: 1500, state: 'upcoming' as const },
      { start: '2026-03-10T14:00:00.000Z', amount: 1400, state: 'upcoming' as const },
    ];
    const end = new Date('2026-02-24T14:20:00Z');
    expect(unusedPaidLessons(lessons, end)).toEqual({ lessons: lessons.slice(3), amount: 2900 });
  });
});
