/** When `npm start` makes the demo lesson, and which earlier lesson it keeps instead of doubling it. */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../../functions/bookings/contract.js';
import { OPENS_MINUTES_BEFORE } from '../../../functions/live/contract.js';
import { demoLessonStart, demoLessonTime, earlierDemoLesson } from './lesson.js';

const at = (iso: string) => new Date(iso);

describe('demoLessonStart', () => {
  it('is the next 5-minute mark plus 5 minutes: soon, and already inside the window a class opens in', () => {
    expect(demoLessonStart(at('2026-11-23T20:32:10Z')).toISOString()).toBe('2026-11-23T20:40:00.000Z');
    expect(demoLessonStart(at('2026-11-23T20:35:00Z')).toISOString()).toBe('2026-11-23T20:45:00.000Z');
    expect(demoLessonStart(at('2026-11-23T23:59:59Z')).toISOString()).toBe('2026-11-24T00:05:00.000Z');
    for (const now of ['2026-11-23T20:30:00Z', '2026-11-23T20:34:59.999Z']) {
      const minutesAhead = (demoLessonStart(at(now)).getTime() - at(now).getTime()) / 60_000;
      expect(minutesAhead).toBeGreaterThan(5 - 0.001);
      expect(minutesAhead).toBeLessThanOrEqual(10);
      expect(minutesAhead).toBeLessThan(OPENS_MINUTES_BEFORE);
    }
  });
});

describe('earlierDemoLesson', () => {
  const now = at('2026-11-23T20:32:00Z');
  const lesson = (overrides: Partial<Booking>) => ({
    tutorId: 'grace', scheduledAt: '2026-11-23T20:35:00.000Z', durationMinutes: 60, status: 'confirmed', paymentStatus: 'paid', ...overrides,
  }) as Booking;

  it("keeps an earlier run's lesson that is still ahead or live", () => {
    expect(earlierDemoLesson(lesson({}), 'grace', now)).toBe(true);
    expect(earlierDemoLesson(lesson({ scheduledAt: '2026-11-23T19:40:00.000Z' }), 'grace', now)).toBe(true);
    // Held by a run that stopped before paying: paid now rather than held twice.
    expect(earlierDemoLesson(lesson({ status: 'pending', paymentStatus: 'pending' }), 'grace', now)).toBe(true);
  });

  it('makes a new one when that lesson is over, completed, expired or cancelled', () => {
    expect(earlierDemoLesson(lesson({ scheduledAt: '2026-11-23T19:30:00.000Z' }), 'grace', now)).toBe(false);
    for (const status of ['completed', 'expired', 'cancelled'] as const) expect(earlierDemoLesson(lesson({ status }), 'grace', now)).toBe(false);
  });

  it('is not a lesson with another tutor, nor one booked in the app for later', () => {
    expect(earlierDemoLesson(lesson({ tutorId: 'brian' }), 'grace', now)).toBe(false);
    expect(earlierDemoLesson(lesson({ scheduledAt: '2026-11-24T09:00:00.000Z' }), 'grace', now)).toBe(false);
  });
});

describe('demoLessonTime', () => {
  const start = at('2026-11-23T20:40:00Z');
  it("names the zone of the machine's clock, and East Africa Time beside it when they differ", () => {
    expect(demoLessonTime(start, 'UTC')).toBe('20:40 UTC (23:40 East Africa Time)');
    expect(demoLessonTime(start, 'Europe/Berlin')).toBe('21:40 CET (23:40 East Africa Time)');
    expect(demoLessonTime(start, 'Africa/Nairobi')).toBe('23:40 GMT+3 (East Africa Time)');
  });
});
