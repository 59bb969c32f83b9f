import { describe, expect, it } from 'vitest';
import { formatMoney, ksh } from '../../shared/format';
import { previewAmount } from './money';

describe('price preview (duration / 60 × hourly rate)', () => {
  it('shows the totals the spec mentions', () => {
    expect(ksh(previewAmount(90, 1500))).toBe('KSh 2,250');
    expect(ksh(previewAmount(60, 1500))).toBe('KSh 1,500');
    expect(ksh(previewAmount(120, 2500))).toBe('KSh 5,000');
  });

  it('keeps cents only when there are some', () => {
    expect(formatMoney(previewAmount(90, 1555))).toBe('2,332.50');
  });
});
