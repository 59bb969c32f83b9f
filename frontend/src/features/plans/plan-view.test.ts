import { describe, expect, it } from 'vitest';
import { changedStarts, payableInstalment, splitQuote } from './plan-view';

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
});
