import { describe, expect, it } from 'vitest';
import { compactAmount, formatMoney, kesAmount, kshAmount, previewAmount } from './money';

describe('price preview (spec §5: duration / 60 × hourly rate)', () => {
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
