import { describe, expect, it } from 'vitest';
import { changedStarts, pauseChoices, payableInstalment, splitQuote, weekOf } from './plan-view';

const lesson = (start: string, status: 'free' | 'taken' | 'unavailable' | 'too_soon') => ({ localDate: start.slice(0, 10), start, end: start, status });

describe('a weekly plan on screen', () => {
  it('keeps only the free lessons and leaves out the taken, unavailable and too-soon ones', () => {
    const { kept, leftOut } = splitQuote({
      lessons: [lesson('2027-01-05T14:00:00Z', 'too_soon'), lesson('2027-01-12T14:00:00Z', 'free'), lesson('2027-01-19T14:00:00Z', 'taken'), lesson('2027-01-26T14:00:00Z', 'free'), lesson('2027-02-02T14:00:00Z', 'unavailable')],
    });
    expect(kept.map((l) => l.localDate)).toEqual(['2027-01-12', '2027-01-26']);
    expect(leftOut.map((l) => l.status)).toEqual(['too_soon', 'taken', 'unavailable']);
  });

  it('reads the clashing dates of a plan_changed answer, and nothing from an answer without them', () => {
    expect(changedStarts({ clashes: ['2027-01-19T14:00:00.000Z'] })).toEqual(['2027-01-19T14:00:00.000Z']);
    expect(changedStarts(undefined)).toEqual([]);
    expect(changedStarts({ clashes: 'no' })).toEqual([]);
  });

  const instalments = [
    { number: 2, chargeAt: '2027-02-01T00:00:00Z', amount: 6000, bookingIds: ['c'], status: 'pending' as const },
    { number: 1, chargeAt: '2026-12-01T00:00:00Z', amount: 6000, bookingIds: ['a', 'b'], status: 'pending' as const },
  ];
  const now = new Date('2026-12-01T10:00:00Z');

  it('offers the first unpaid instalment while the lessons are held, then the next once it is paid', () => {
    expect(payableInstalment({ status: 'awaiting_payment', holdExpiresAt: '2026-12-03T10:00:00Z', instalments }, now)?.number).toBe(1);
    const firstPaid = instalments.map((i) => (i.number === 1 ? { ...i, status: 'paid' as const } : i));
    expect(payableInstalment({ status: 'active', holdExpiresAt: '2026-12-03T10:00:00Z', instalments: firstPaid }, now)?.number).toBe(2);
  });

  it('offers nothing on a plan its tutor declined or its family ended', () => {
    const firstPaid = instalments.map((i) => (i.number === 1 ? { ...i, status: 'paid' as const } : i));
    expect(payableInstalment({ status: 'ended', holdExpiresAt: '2026-12-03T10:00:00Z', instalments: firstPaid }, now)).toBeNull();
    expect(payableInstalment({ status: 'declined', holdExpiresAt: '2026-12-03T10:00:00Z', instalments }, now)).toBeNull();
  });

  it('offers nothing once the hold has run out or everything is paid', () => {
    expect(payableInstalment({ status: 'awaiting_payment', holdExpiresAt: '2026-12-01T09:59:00Z', instalments }, now)).toBeNull();
    expect(payableInstalment({ status: 'active', holdExpiresAt: '2026-12-01T09:59:00Z', instalments: instalments.map((i) => ({ ...i, status: 'paid' as const })) }, now)).toBeNull();
  });

  it('offers to pause from each week still to come, up to the plan\'s last week, Mondays on the plan\'s clock', () => {
    // Sunday 21:30 UTC is already Monday 00:30 in Nairobi: the next week on the plan's clock.
    expect(weekOf('2026-03-08T21:30:00Z', 'Africa/Nairobi')).toBe('2026-03-09');
    expect(weekOf('2026-03-08T21:30:00Z', 'UTC')).toBe('2026-03-02');
    const starts = ['2026-03-02T14:00:00Z', '2026-03-09T14:00:00Z', '2026-03-16T14:00:00Z', '2026-03-23T14:00:00Z'];
    const plan = { timeZone: 'Africa/Nairobi', lessons: starts.map((start, i) => ({ bookingId: `b${i}`, start })) };
    const lessons = [
      { scheduledAt: starts[0]!, status: 'completed' }, { scheduledAt: starts[1]!, status: 'cancelled' },
      { scheduledAt: starts[2]!, status: 'confirmed' }, { scheduledAt: starts[3]!, status: 'pending' },
    ];
    expect(pauseChoices(plan, lessons, new Date('2026-03-05T00:00:00Z'))).toEqual([{ from: '2026-03-16', maxWeeks: 2 }, { from: '2026-03-23', maxWeeks: 1 }]);
    expect(pauseChoices(plan, lessons, new Date('2026-03-30T00:00:00Z'))).toEqual([]);
  });
});
