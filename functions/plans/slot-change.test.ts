import { describe, expect, it } from 'vitest';
import type { Plan } from './contract.js';
import { planSlotChange } from './slot-change.js';

// Monday 2 March, 08:00 UTC (11:00 in Nairobi).
const now = new Date('2026-03-02T08:00:00Z');
const WINDOW = 12;
type Lessons = Parameters<typeof planSlotChange>[1];
const lesson = (id: string, scheduledAt: string, status: string, paymentStatus: string) =>
  ({ id, scheduledAt, status, paymentStatus }) as Lessons[number];

// Mondays at 17:00 in Nairobi (14:00 UTC): w1 past, w2 today inside the window, w3–w4 paid, w5–w6 held, w7 released by a pause.
const lessons: Lessons = [
  lesson('w1', '2026-02-23T14:00:00.000Z', 'completed', 'paid'),
  lesson('w2', '2026-03-02T14:00:00.000Z', 'confirmed', 'paid'),
  lesson('w3', '2026-03-09T14:00:00.000Z', 'confirmed', 'paid'),
  lesson('w4', '2026-03-16T14:00:00.000Z', 'confirmed', 'paid'),
  lesson('w5', '2026-03-23T14:00:00.000Z', 'pending', 'pending'),
  lesson('w6', '2026-03-30T14:00:00.000Z', 'pending', 'pending'),
  lesson('w7', '2026-04-06T14:00:00.000Z', 'cancelled', 'pending'),
];
const plan = { status: 'active' as Plan['status'], dayOfWeek: 1, startTime: '17:00', durationMinutes: 60, timeZone: 'Africa/Nairobi' };
const change = (slot: Parameters<typeof planSlotChange>[2], p = plan, ls = lessons, at = now) => planSlotChange(p, ls, slot, at, WINDOW);
const moved = (result: ReturnType<typeof planSlotChange>): Array<[string, string, boolean]> => {
  if (!('change' in result)) throw new Error(`refused: ${result.refusal}`);
  return result.change.moves.map((m) => [m.bookingId, m.to, m.paid]);
};

describe('changing the slot of a weekly plan', () => {
  it('moves every lesson still to come outside the window to the new weekday and time of its own week; past and near ones stay', () => {
    const result = change({ dayOfWeek: 3, startTime: '16:00' });
    expect(moved(result)).toEqual([
      ['w3', '2026-03-11T13:00:00.000Z', true],
      ['w4', '2026-03-18T13:00:00.000Z', true],
      ['w5', '2026-03-25T13:00:00.000Z', false],
      ['w6', '2026-04-01T13:00:00.000Z', false],
    ]);
    expect('change' in result && result.change.from).toBe('2026-03-09');
    expect('change' in result && result.change.stays).toEqual([{ bookingId: 'w2', start: '2026-03-02T14:00:00.000Z' }]);
  });

  it('moves this week\'s lesson when both its old and its new time are outside the window', () => {
    // Wednesday 4 March 16:00 is 2 days away: w2 (today 17:00) stays because its old time is inside the window.
    const early = new Date('2026-03-01T08:00:00Z');
    expect(moved(change({ dayOfWeek: 3, startTime: '16:00' }, plan, lessons, early))[0]).toEqual(['w2', '2026-03-04T13:00:00.000Z', true]);
    // Moved earlier in this week (Monday 09:00, already past): it stays, and the next weeks move.
    const result = change({ dayOfWeek: 1, startTime: '09:00' }, plan, lessons, early);
    expect(moved(result)[0]).toEqual(['w2', '2026-03-02T06:00:00.000Z', true]);
    const later = change({ dayOfWeek: 1, startTime: '09:00' }, plan, lessons, new Date('2026-03-02T05:00:00Z'));
    expect(moved(later)[0]).toEqual(['w3', '2026-03-09T06:00:00.000Z', true]);
  });

  it('moves from a chosen plan week on, and keeps the earlier weeks', () => {
    const result = change({ dayOfWeek: 5, startTime: '18:00', from: '2026-03-25' });
    expect(moved(result).map((m) => m[0])).toEqual(['w5', 'w6']);
    expect('change' in result && result.change.stays.map((s) => s.bookingId)).toEqual(['w2', 'w3', 'w4']);
  });

  it('keeps the tutor\'s wall clock across a DST change and flags a time that does not exist', () => {
    const london = { ...plan, timeZone: 'Europe/London', startTime: '17:00' };
    const ls = [lesson('a', '2026-03-23T17:00:00.000Z', 'confirmed', 'paid'), lesson('b', '2026-03-30T16:00:00.000Z', 'confirmed', 'paid')];
    expect(moved(change({ dayOfWeek: 2, startTime: '18:00' }, london, ls))).toEqual([
      ['a', '2026-03-24T18:00:00.000Z', true], ['b', '2026-03-31T17:00:00.000Z', true],
    ]);
    // 01:00 on Sunday 29 March does not exist in London (clocks go from 01:00 to 02:00).
    const gap = change({ dayOfWeek: 0, startTime: '01:00' }, london, ls);
    expect('change' in gap && gap.change.moves.map((m) => m.noSuchTime ?? false)).toEqual([true, false]);
  });

  it('refuses declined and ended plans, the same slot, and a change that moves nothing', () => {
    expect(change({ dayOfWeek: 3, startTime: '16:00' }, { ...plan, status: 'ended' })).toEqual({ refusal: 'plan_ended' });
    expect(change({ dayOfWeek: 3, startTime: '16:00' }, { ...plan, status: 'declined' })).toEqual({ refusal: 'plan_declined' });
    expect(change({ dayOfWeek: 1, startTime: '17:00' })).toEqual({ refusal: 'nothing_to_change' });
    expect(change({ dayOfWeek: 3, startTime: '16:00', from: '2026-04-06' })).toEqual({ refusal: 'nothing_to_change' });
  });
});
