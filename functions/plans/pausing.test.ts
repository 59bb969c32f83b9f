import { describe, expect, it } from 'vitest';
import type { Plan } from './contract.js';
import { instalmentsAfterPause, mondayOf, planPause, planWeeks } from './pausing.js';

const now = new Date('2026-03-02T08:00:00Z');
const WINDOW = 12;
type Lessons = Parameters<typeof planPause>[1];
const lesson = (id: string, scheduledAt: string, status: string, paymentStatus: string) =>
  ({ id, scheduledAt, status, paymentStatus }) as Lessons[number];

// Mondays at 17:00 in Nairobi (14:00 UTC), 23 February to 30 March; the first four paid.
const lessons: Lessons = [
  lesson('w1', '2026-02-23T14:00:00.000Z', 'completed', 'paid'),
  lesson('w2', '2026-03-02T14:00:00.000Z', 'confirmed', 'paid'),
  lesson('w3', '2026-03-09T14:00:00.000Z', 'confirmed', 'paid'),
  lesson('w4', '2026-03-16T14:00:00.000Z', 'confirmed', 'paid'),
  lesson('w5', '2026-03-23T14:00:00.000Z', 'pending', 'pending'),
  lesson('w6', '2026-03-30T14:00:00.000Z', 'pending', 'pending'),
];
const plan = {
  status: 'active' as Plan['status'], pricePerLesson: 1500, timeZone: 'Africa/Nairobi',
  lessons: lessons.map((l) => ({ bookingId: l.id, start: l.scheduledAt })),
  instalments: [
    { number: 1, chargeAt: '2026-02-20T08:00:00.000Z', amount: 6000, bookingIds: ['w1', 'w2', 'w3', 'w4'], status: 'paid' as const },
    { number: 2, chargeAt: '2026-03-20T14:00:00.000Z', amount: 3000, bookingIds: ['w5', 'w6'], status: 'pending' as const },
  ],
};
const pause = (from: string, weeks: number, p: typeof plan = plan, ls: Lessons = lessons, at = now) => planPause(p, ls, from, weeks, at, WINDOW);

describe('pausing weeks of a weekly plan', () => {
  it('maps any day of a week to its Monday, and a plan to the weeks it has lessons in', () => {
    expect(mondayOf('2026-03-09')).toBe('2026-03-09');
    expect(mondayOf('2026-03-12')).toBe('2026-03-09');
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
    expect(planWeeks(plan)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
  });

  it('refunds the paid lesson of a paused week, its share of the instalment, and nothing of the other weeks', () => {
    expect(pause('2026-03-11', 1)).toEqual({
      pause: { from: '2026-03-09', weeks: 1, refunded: [{ bookingId: 'w3', start: '2026-03-09T14:00:00.000Z' }], refundAmount: 1500, kept: [], released: [] },
    });
  });

  it('releases the unpaid holds of paused weeks, beside the paid ones it refunds', () => {
    const out = pause('2026-03-16', 3);
    expect('pause' in out && out.pause).toMatchObject({ from: '2026-03-16', weeks: 3, refundAmount: 1500 });
    expect('pause' in out && out.pause.refunded.map((l) => l.bookingId)).toEqual(['w4']);
    expect('pause' in out && out.pause.released.map((l) => l.bookingId)).toEqual(['w5', 'w6']);
  });

  it('keeps a lesson inside the free-cancellation window, as ending does', () => {
    const out = pause('2026-03-02', 2, plan, lessons, new Date('2026-03-02T06:00:00Z'));
    expect(out).toEqual({
      pause: {
        from: '2026-03-02', weeks: 2, refunded: [{ bookingId: 'w3', start: '2026-03-09T14:00:00.000Z' }], refundAmount: 1500,
        kept: [{ bookingId: 'w2', start: '2026-03-02T14:00:00.000Z' }], released: [],
      },
    });
  });

  it('refuses a week whose only lesson is kept, past or already cancelled: nothing to pause', () => {
    expect(pause('2026-03-02', 1)).toEqual({ refusal: 'nothing_to_pause' });
    expect(pause('2026-02-23', 1)).toEqual({ refusal: 'nothing_to_pause' });
    const cancelled = lessons.map((l) => (l.id === 'w3' ? { ...l, status: 'cancelled', paymentStatus: 'refunded' } as Lessons[number] : l));
    expect(pause('2026-03-09', 1, plan, cancelled)).toEqual({ refusal: 'nothing_to_pause' });
  });

  it('refuses weeks outside the plan\'s dates', () => {
    expect(pause('2026-02-16', 1)).toEqual({ refusal: 'weeks_outside_plan' });
    expect(pause('2026-04-06', 1)).toEqual({ refusal: 'weeks_outside_plan' });
    expect(pause('2026-03-23', 3)).toEqual({ refusal: 'weeks_outside_plan' });
    expect('pause' in pause('2026-03-23', 2)).toBe(true);
  });

  it('refuses a declined or ended plan, and one with nothing paid yet', () => {
    expect(pause('2026-03-09', 1, { ...plan, status: 'declined' })).toEqual({ refusal: 'plan_declined' });
    expect(pause('2026-03-09', 1, { ...plan, status: 'ended' })).toEqual({ refusal: 'plan_ended' });
    const unpaid = { ...plan, status: 'awaiting_payment' as const, instalments: plan.instalments.map((i) => ({ ...i, status: 'pending' as const })) };
    expect(pause('2026-03-09', 1, unpaid)).toEqual({ refusal: 'plan_not_paid' });
  });

  it('an unpaid instalment keeps only the lessons the pause left it, and one left with none is skipped', () => {
    expect(instalmentsAfterPause(plan, ['w5'])[1]).toMatchObject({ bookingIds: ['w6'], amount: 1500, status: 'pending' });
    expect(instalmentsAfterPause(plan, ['w5', 'w6'])[1]).toMatchObject({ bookingIds: [], amount: 0, status: 'skipped' });
    // A paid instalment is as it was: its paused lessons are refunded, not taken out.
    expect(instalmentsAfterPause(plan, ['w3'])).toEqual(plan.instalments);
  });
});
