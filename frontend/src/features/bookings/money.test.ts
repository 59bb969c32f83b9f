import { describe, expect, it } from 'vitest';
import { compactAmount, formatMoney, kesAmount, kshAmount, previewAmount } from './money';

// functions/bookings/rules.ts reads process.env, so the SPA's type check can't include it; load
// it by a path the compiler doesn't follow, to prove the preview is the server's formula.
const rulesPath = '../../../../functions/bookings/rules';

describe('price preview (spec §5: duration / 60 × hourly rate)', () => {
  it('is what the API will charge, to the cent', async () => {
    const { bookingAmount } = (await import(/* @vite-ignore */ rulesPath)) as {
      bookingAmount: (minutes: number, rate: number) => { totalAmount: number };
    };
    for (const rate of [1500, 2500, 1555, 999, 3333.33, 100_000]) {
      for (const minutes of [60, 90, 120]) {
        expect(previewAmount(minutes, rate)).toBe(bookingAmount(minutes, rate).totalAmount);
      }
    }
  });

  it('shows the totals the spec mentions', () => {
    expect(kshAmount(previewAmount(90, 1500))).toBe('KSh 2,250');
    expect(kesAmount(previewAmount(60, 1500))).toBe('KES 1,500');
    expect(kshAmount(previewAmount(120, 2500))).toBe('KSh 5,000');
  });

  it('keeps cents only when there are some', () => {
    expect(formatMoney(previewAmount(90, 1555))).toBe('2,332.50');
    expect(formatMoney(0)).toBe('0');
  });
});

describe('chart labels', () => {
  it('shortens thousands and millions', () => {
    expect([850, 1500, 12_000, 150_000, 2_250_000, 0].map(compactAmount)).toEqual(['850', '1.5K', '12K', '150K', '2.3M', '0']);
  });
});
