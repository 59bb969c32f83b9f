import { describe, expect, it } from 'vitest';
import { planEnding } from './ending.js';

const now = new Date('2026-03-02T08:00:00Z');
const WINDOW = 12;
const lesson = (id: string, scheduledAt: string, status: string, paymentStatus: string) =>
  ({ id, scheduledAt, status, paymentStatus }) as Parameters<typeof planEnding>[1][number];

describe('ending a weekly plan', () => {
  const lessons = [
    lesson('past', '2026-02-23T14:00:00.000Z', 'completed', 'paid'),
    lesson('started', '2026-03-02T07:30:00.000Z', 'confirmed', 'paid'),
    lesson('inside', '2026-03-02T14:00:00.000Z', 'confirmed', 'paid'),
    lesson('outside-b', '2026-03-16T14:00:00.000Z', 'confirmed', 'paid'),
    lesson('outside-a', '2026-03-09T14:00:00.000Z', 'confirmed', 'paid'),
    lesson('cancelled', '2026-03-23T14:00:00.000Z', 'cancelled', 'refunded'),
    lesson('held', '2026-03-30T14:00:00.000Z', 'pending', 'pending'),
    lesson('expired', '2026-04-06T14:00:00.000Z', 'expired', 'pending'),
  ];

  it('refunds the paid lessons outside the free-cancellation window, keeps those inside it, releases the unpaid holds', () => {
    const ending = planEnding({ pricePerLesson: 1500 }, lessons, now, WINDOW);
    expect(ending.refunded.map((l) => l.bookingId)).toEqual(['outside-a', 'outside-b']);
    expect(ending.refundAmount).toBe(3000);
    expect(ending.kept).toEqual([{ bookingId: 'inside', start: '2026-03-02T14:00:00.000Z' }]);
    expect(ending.released.map((l) => l.bookingId)).toEqual(['held']);
  });

  it('a lesson exactly at the window\'s opening is still refunded (the family cancels in time until then)', () => {
    const atEdge = lesson('edge', '2026-03-02T20:00:00.000Z', 'confirmed', 'paid');
    expect(planEnding({ pricePerLesson: 1500 }, [atEdge], now, WINDOW).refunded.map((l) => l.bookingId)).toEqual(['edge']);
    const later = new Date(now.getTime() + 1);
    expect(planEnding({ pricePerLesson: 1500 }, [atEdge], later, WINDOW).kept.map((l) => l.bookingId)).toEqual(['edge']);
  });

  it('adds shares in cents: three 90-minute lessons at KSh 1,001 an hour give back KSh 4,504.50', () => {
    const three = ['a', 'b', 'c'].map((id, i) => lesson(id, `2026-03-${10 + i}T14:00:00.000Z`, 'confirmed', 'paid'));
    expect(planEnding({ pricePerLesson: 1501.5 }, three, now, WINDOW).refundAmount).toBe(4504.5);
  });

  it('a plan with nothing paid only releases; one with nothing left to come does nothing', () => {
    const holds = [lesson('h1', '2026-03-09T14:00:00.000Z', 'pending', 'pending'), lesson('h2', '2026-03-16T14:00:00.000Z', 'pending', 'pending')];
    expect(planEnding({ pricePerLesson: 1000 }, holds, now, WINDOW)).toEqual({
      refunded: [], refundAmount: 0, kept: [], released: [{ bookingId: 'h1', start: '2026-03-09T14:00:00.000Z' }, { bookingId: 'h2', start: '2026-03-16T14:00:00.000Z' }],
    });
    expect(planEnding({ pricePerLesson: 1000 }, [lessons[0]!], now, WINDOW)).toEqual({ refunded: [], refundAmount: 0, kept: [], released: [] });
  });

  it('when the tutor stopped teaching, every paid lesson not started is refunded in full, inside the window too; none is kept', () => {
    const ending = planEnding({ pricePerLesson: 1500 }, lessons, now, WINDOW, 'tutor_stopped');
    expect(ending.refunded.map((l) => l.bookingId)).toEqual(['inside', 'outside-a', 'outside-b']);
    expect(ending.refundAmount).toBe(4500);
    expect(ending.kept).toEqual([]);
    expect(ending.released.map((l) => l.bookingId)).toEqual(['held']);
  });
});
