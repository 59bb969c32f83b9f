import { describe, expect, it } from 'vitest';
import { availableAt, disputeWindowHours, feeBasisPoints, isAvailable, refundSplit, splitPayment } from './rules.js';

/** Small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
}

describe('platform fee in integer cents', () => {
  it('15 % of KSh 1,500 is KSh 225 and the tutor gets KSh 1,275', () => {
    expect(splitPayment(150_000, 1_500)).toEqual({ feeMinor: 22_500, tutorMinor: 127_500 });
  });

  it('rounds the fee half up to the cent and gives the tutor the rest', () => {
    expect(splitPayment(10, 1_500)).toEqual({ feeMinor: 2, tutorMinor: 8 }); // 1.5 → 2
    expect(splitPayment(3, 1_500)).toEqual({ feeMinor: 0, tutorMinor: 3 }); // 0.45 → 0
    expect(splitPayment(0, 1_500)).toEqual({ feeMinor: 0, tutorMinor: 0 });
    expect(splitPayment(999, 0)).toEqual({ feeMinor: 0, tutorMinor: 999 });
    expect(splitPayment(999, 10_000)).toEqual({ feeMinor: 999, tutorMinor: 0 });
  });

  it('never drifts: over 10,000 random lessons fee + share is every payment and the totals match to the cent', () => {
    const next = random(14);
    for (const bp of [1_500, 1_750, 1_833, 3_300]) {
      let paid = 0; let fees = 0; let shares = 0;
      const wrong: number[] = [];
      for (let i = 0; i < 10_000; i++) {
        // KSh 200–50,000 an hour, 1 to 2 hours, any cents.
        const amount = Math.floor(20_000 + next() * 9_980_000);
        const { feeMinor, tutorMinor } = splitPayment(amount, bp);
        // Whole cents, summing to the payment, the fee within half a cent of the exact one.
        const exact = Number.isInteger(feeMinor) && Number.isInteger(tutorMinor) && feeMinor + tutorMinor === amount
          && Math.abs(feeMinor - (amount * bp) / 10_000) <= 0.5;
        if (!exact) wrong.push(amount);
        paid += amount; fees += feeMinor; shares += tutorMinor;
      }
      expect(wrong).toEqual([]);
      expect(fees + shares).toBe(paid);
      // The sum of rounded fees stays within half a cent per lesson of the exact total.
      expect(Math.abs(fees - (paid * bp) / 10_000)).toBeLessThanOrEqual(5_000);
    }
  });

  it('refunds come back in proportion and exactly in full', () => {
    const split = splitPayment(150_000, 1_500);
    expect(refundSplit(split, 150_000)).toEqual(split);
    expect(refundSplit(split, 75_000)).toEqual({ tutorMinor: 63_750, feeMinor: 11_250 });
    expect(refundSplit(split, 0)).toEqual({ tutorMinor: 0, feeMinor: 0 });
    expect(() => refundSplit(split, 150_001)).toThrow(RangeError);
    const next = random(7);
    const wrong: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const s = splitPayment(Math.floor(next() * 5_000_000), 1_500);
      const r = Math.floor(next() * (s.feeMinor + s.tutorMinor + 1));
      const back = refundSplit(s, r);
      if (back.feeMinor + back.tutorMinor !== r || back.tutorMinor > s.tutorMinor || back.feeMinor > s.feeMinor + 1) wrong.push(r);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses amounts that are not whole cents and fees outside 0–100 %', () => {
    expect(() => splitPayment(10.5, 1_500)).toThrow(RangeError);
    expect(() => splitPayment(-1, 1_500)).toThrow(RangeError);
    expect(() => splitPayment(100, 10_001)).toThrow(RangeError);
  });

  it('reads the fee from PLATFORM_FEE_PERCENT, 15 % otherwise', () => {
    expect(feeBasisPoints({})).toBe(1_500);
    expect(feeBasisPoints({ PLATFORM_FEE_PERCENT: '17.5' })).toBe(1_750);
    expect(feeBasisPoints({ PLATFORM_FEE_PERCENT: '0' })).toBe(0);
    expect(feeBasisPoints({ PLATFORM_FEE_PERCENT: '101' })).toBe(1_500);
    expect(feeBasisPoints({ PLATFORM_FEE_PERCENT: 'x' })).toBe(1_500);
    expect(feeBasisPoints({ PLATFORM_FEE_PERCENT: '' })).toBe(1_500);
  });
});

describe('dispute window', () => {
  const completed = '2026-11-20T10:00:00.000Z';

  it('ends 48 hours after completion by default, configurable', () => {
    expect(disputeWindowHours({})).toBe(48);
    expect(disputeWindowHours({ DISPUTE_WINDOW_HOURS: '72' })).toBe(72);
    expect(disputeWindowHours({ DISPUTE_WINDOW_HOURS: '0' })).toBe(0);
    expect(disputeWindowHours({ DISPUTE_WINDOW_HOURS: '-1' })).toBe(48);
    expect(availableAt(completed, 48)).toBe('2026-11-22T10:00:00.000Z');
    expect(availableAt(completed, 0.5)).toBe('2026-11-20T10:30:00.000Z');
  });

  it('is available at the window\'s end exactly, not a millisecond before', () => {
    const end = availableAt(completed, 48);
    expect(isAvailable(end, new Date(Date.parse(end) - 1))).toBe(false);
    expect(isAvailable(end, new Date(end))).toBe(true);
    expect(isAvailable(end, new Date(Date.parse(end) + 1))).toBe(true);
  });
});
