import { describe, expect, it } from 'vitest';
import { securedWeeks } from './secured-weeks.js';

const lesson = (scheduledAt: string, over: Partial<{ status: 'confirmed' | 'cancelled' | 'completed'; paymentStatus: 'paid' | 'pending' }> = {}) => ({
  scheduledAt, status: 'confirmed' as const, paymentStatus: 'paid' as const, totalAmount: 1500, ...over,
});

describe('secured weeks', () => {
  // Thursday 3 Dec 2026, 10:00 in Nairobi.
  const now = new Date('2026-12-03T07:00:00Z');

  it('counts paid lessons in this week and the next three, Monday to Sunday on the tutor\'s clock', () => {
    const weeks = securedWeeks([
      lesson('2026-12-01T14:00:00Z'), // Tue this week (already held: still secured this week)
      lesson('2026-12-08T14:00:00Z'), lesson('2026-12-10T14:00:00Z'),
      lesson('2026-12-29T14:00:00Z'), // the fifth week: not shown
    ], 'Africa/Nairobi', now);
    expect(weeks).toEqual([
      { weekStart: '2026-11-30', lessons: 1, amount: 1500 },
      { weekStart: '2026-12-07', lessons: 2, amount: 3000 },
      { weekStart: '2026-12-14', lessons: 0, amount: 0 },
      { weekStart: '2026-12-21', lessons: 0, amount: 0 },
    ]);
  });

  it('leaves out unpaid and cancelled lessons', () => {
    const weeks = securedWeeks([lesson('2026-12-08T14:00:00Z', { paymentStatus: 'pending' }), lesson('2026-12-09T14:00:00Z', { status: 'cancelled' })], 'Africa/Nairobi', now);
    expect(weeks.every((w) => w.lessons === 0)).toBe(true);
  });

  it('puts a Sunday-night lesson in the week of the tutor\'s Sunday, not UTC\'s Monday', () => {
    // Sunday 6 Dec 23:30 in Nairobi is Sunday 20:30 UTC; in Los Angeles the same instant is Sunday noon.
    const late = lesson('2026-12-06T20:30:00Z');
    expect(securedWeeks([late], 'Africa/Nairobi', now)[0]!.lessons).toBe(1);
    // Monday 7 Dec 00:30 in Nairobi (Sunday 21:30 UTC) is next week there.
    expect(securedWeeks([lesson('2026-12-06T21:30:00Z')], 'Africa/Nairobi', now)[1]!.lessons).toBe(1);
  });
});
