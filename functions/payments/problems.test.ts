import { describe, expect, it } from 'vitest';
import { describeProblem, isProblemKind } from './problems.js';

const amounts = { reference: 'ALP-1', expectedMinor: 300_000, paidMinor: 150_000, paidCurrency: 'KES' };

describe('problem payments: what to do', () => {
  it('asks for a refund of the amount paid for a duplicate or a lost hold, with the reference', () => {
    expect(describeProblem('needs_refund', { ...amounts, paidMinor: 300_000 }).action)
      .toMatch(/^Refund KSh 3,000 in the Paystack dashboard \(reference ALP-1\)/);
    expect(describeProblem('duplicate', { ...amounts, paidMinor: 300_000 }).action)
      .toMatch(/^Refund KSh 3,000 in the Paystack dashboard \(reference ALP-1\): the booking was already paid/);
  });
  it('asks to check the amount with the payer for a mismatch, naming both amounts and currencies', () => {
    expect(describeProblem('amount_mismatch', amounts).action)
      .toMatch(/^Check the amount with the payer: they paid KSh 1,500, the booking costs KSh 3,000\./);
    expect(describeProblem('amount_mismatch', { ...amounts, paidMinor: 3050, paidCurrency: 'USD' }).action)
      .toContain('they paid USD 30.50, the booking costs KSh 3,000');
  });
  it('knows which attempt statuses are problems', () => {
    expect(['amount_mismatch', 'duplicate', 'needs_refund', 'failed', 'success'].filter(isProblemKind))
      .toEqual(['amount_mismatch', 'duplicate', 'needs_refund']);
  });
});
