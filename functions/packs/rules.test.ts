import { describe, expect, it } from 'vitest';
import { bookFromPackProblem, creditReturns, nextShareMinor, packPrice, packReference, packTermsProblem, parsePackReference } from './rules.js';

describe('pricing a lesson pack', () => {
  it('five one-hour lessons at KSh 1,000 with 10% off cost KSh 4,500', () => {
    expect(packPrice(1000, { lessons: 5, durationMinutes: 60, discountPercent: 10 })).toEqual({ fullMinor: 500_000, priceMinor: 450_000, perLessonMinor: 90_000 });
  });

  it('a 90-minute lesson at KSh 1,001 is priced in cents and the pack rounded down to a whole shilling', () => {
    const { fullMinor, priceMinor } = packPrice(1001, { lessons: 3, durationMinutes: 90, discountPercent: 15 });
    expect(fullMinor).toBe(450_450);
    expect(priceMinor).toBe(382_800);
    expect(priceMinor % 100).toBe(0);
  });

  it('no discount costs exactly the lessons', () => {
    expect(packPrice(1500, { lessons: 10, durationMinutes: 120, discountPercent: 0 }).priceMinor).toBe(3_000_000);
  });

  it('a pack is 2 to 20 lessons, 0 to 50% off, of 60, 90 or 120 minutes', () => {
    expect(packTermsProblem({ lessons: 1, durationMinutes: 60, discountPercent: 10 })).toBe('lesson_count');
    expect(packTermsProblem({ lessons: 21, durationMinutes: 60, discountPercent: 10 })).toBe('lesson_count');
    expect(packTermsProblem({ lessons: 5, durationMinutes: 60, discountPercent: 51 })).toBe('discount');
    expect(packTermsProblem({ lessons: 5, durationMinutes: 60, discountPercent: -1 })).toBe('discount');
    expect(packTermsProblem({ lessons: 5, durationMinutes: 45 as 60, discountPercent: 5 })).toBe('duration');
    expect(packTermsProblem({ lessons: 20, durationMinutes: 90, discountPercent: 50 })).toBeNull();
  });
});

describe('a pack\'s credits', () => {
  it('the lessons\' shares add up to exactly what was paid, also after a credit came back', () => {
    let unassigned = 100_000;
    let left = 3;
    const take = () => { const share = nextShareMinor(unassigned, left); unassigned -= share; left -= 1; return share; };
    const first = take();
    expect(first).toBe(33_334);
    unassigned += first; left += 1; // cancelled in time: the credit and its share come back
    const shares = [take(), take(), take()];
    expect(shares.reduce((a, b) => a + b)).toBe(100_000);
    expect(unassigned).toBe(0);
    expect(() => nextShareMinor(0, 0)).toThrow();
  });

  it('only the buyer, for the learner it was bought for, books from a paid pack with credits left', () => {
    const pack = { status: 'active' as const, creditsLeft: 1, payerId: 'parent', learnerId: 'child' };
    expect(bookFromPackProblem(pack, 'parent', 'child')).toBeNull();
    expect(bookFromPackProblem(pack, 'other-parent', 'child')).toBe('not_yours');
    expect(bookFromPackProblem(pack, 'parent', 'other-child')).toBe('not_yours');
    expect(bookFromPackProblem({ ...pack, creditsLeft: 0 }, 'parent', 'child')).toBe('no_credits');
    expect(bookFromPackProblem({ ...pack, status: 'awaiting_payment' }, 'parent', 'child')).toBe('unpaid');
  });

  it('a cancel with a refund due gives the credit back; a late one uses it', () => {
    expect(creditReturns({ refundDue: true })).toBe(true);
    expect(creditReturns({ refundDue: false })).toBe(false);
  });

  it('a reference names its pack and attempt', () => {
    const id = '0b0f7c5e-1c1a-4e6b-9d7c-2f4a5b6c7d8e';
    expect(parsePackReference(packReference(id, 3))).toEqual({ packId: id, attempt: 3 });
    expect(parsePackReference('PLAN-x-1-1')).toBeNull();
  });
});
