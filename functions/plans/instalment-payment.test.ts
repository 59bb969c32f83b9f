import { describe, expect, it } from 'vitest';
import type { Plan } from './contract.js';
import { instalmentAmountMinor, instalmentReference, instalmentRefusal, laterHolds, parseInstalmentReference } from './instalment-payment.js';

const planId = '6f1c2a9e-0b7d-4c1e-9a53-2d8e4f6a7b10';
const plan: Pick<Plan, 'status' | 'holdExpiresAt' | 'instalments' | 'pricePerLesson'> = {
  status: 'awaiting_payment',
  holdExpiresAt: '2026-02-11T08:00:00.000Z',
  pricePerLesson: 1501.5,
  instalments: [
    { number: 1, chargeAt: '2026-02-09T08:00:00.000Z', amount: 6006, bookingIds: ['b1', 'b2', 'b3', 'b4'], status: 'pending' },
    { number: 2, chargeAt: '2026-03-07T14:00:00.000Z', amount: 4504.5, bookingIds: ['b5', 'b6', 'b7'], status: 'pending' },
  ],
};
const now = new Date('2026-02-09T09:00:00Z');

describe('paying a plan instalment', () => {
  it('charges the instalment\'s lessons at the plan\'s price, counted in cents', () => {
    expect(instalmentAmountMinor(plan, 1)).toBe(600_600);
    expect(instalmentAmountMinor(plan, 2)).toBe(450_450);
    expect(() => instalmentAmountMinor(plan, 3)).toThrow();
  });

  it('only the first unpaid instalment, and the first only while the plan still holds its lessons', () => {
    expect(instalmentRefusal(plan, 1, now)).toBeNull();
    expect(instalmentRefusal(plan, 2, now)).toBe('earlier_unpaid');
    expect(instalmentRefusal(plan, 3, now)).toBe('no_such_instalment');
    expect(instalmentRefusal(plan, 1, new Date('2026-02-11T08:00:00Z'))).toBe('hold_expired');
    expect(instalmentRefusal({ ...plan, status: 'declined' as const }, 1, now)).toBe('plan_declined');
    const active = { ...plan, status: 'active' as const, instalments: [{ ...plan.instalments[0]!, status: 'paid' as const }, plan.instalments[1]!] };
    expect(instalmentRefusal(active, 1, now)).toBe('already_paid');
    // An active plan's later instalment is held by its own grace, not the set-up hold.
    expect(instalmentRefusal(active, 2, new Date('2026-03-07T15:00:00Z'))).toBeNull();
  });

  it('an instalment a pause left without lessons is never charged, and does not hold up the next', () => {
    const paused = { ...plan, status: 'active' as const, instalments: [
      { ...plan.instalments[0]!, status: 'paid' as const }, { ...plan.instalments[1]!, bookingIds: [], amount: 0, status: 'skipped' as const },
      { number: 3, chargeAt: '2026-04-04T14:00:00.000Z', amount: 1501.5, bookingIds: ['b8'], status: 'pending' as const },
    ] };
    expect(instalmentRefusal(paused, 2, now)).toBe('instalment_skipped');
    expect(instalmentRefusal(paused, 3, now)).toBeNull();
  });

  it('a fresh reference per attempt that names the plan, the instalment and the attempt', () => {
    const first = instalmentReference(planId, 1, 1);
    expect(first).toBe(`PLAN-${planId}-1-1`);
    expect(instalmentReference(planId, 1, 2)).not.toBe(first);
    expect(first.length).toBeLessThanOrEqual(100);
    expect(first).toMatch(/^[A-Za-z0-9.=-]+$/);
    expect(parseInstalmentReference(instalmentReference(planId, 2, 13))).toEqual({ planId, number: 2, attempt: 13 });
    expect(parseInstalmentReference('ALP-6f1c2a9e-0a1b2c3d4e5f')).toBeNull();
  });

  it('once paid, the later lessons stay held until 48 hours after their own charge date', () => {
    expect(laterHolds(plan)).toEqual(['b5', 'b6', 'b7'].map((bookingId) => ({ bookingId, holdExpiresAt: '2026-03-09T14:00:00.000Z' })));
  });
});
