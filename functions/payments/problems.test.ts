import { describe, expect, it } from 'vitest';
import { inLanguage } from '../shared/messages.js';
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
  it('reads in Kiswahili through the server catalog, the values carried over', () => {
    const { title, action } = describeProblem('amount_mismatch', amounts, 'sw');
    expect(inLanguage(title, 'sw')).toBe('Kiasi kilicholipwa kinatofautiana na bei ya nafasi');
    expect(inLanguage(action, 'sw')).toMatch(/^Thibitisha kiasi na aliyelipa: walilipa KSh 1,500, nafasi inagharimu KSh 3,000\. .*\(kumbukumbu ALP-1\)/);
    const refund = describeProblem('refund_failed', { ...amounts, providerMessage: 'Insufficient balance' }, 'sw');
    expect(inLanguage(refund.action, 'sw')).toContain('Paystack ilisema: Insufficient balance. Ikishindwa tena');
    expect(refund.action).toBe('Retry the refund of KSh 1,500 (reference ALP-1) here or under Transactions; Paystack said: Insufficient balance. '
      + 'If it fails again, refund it in the Paystack dashboard and tell the payer.');
  });
  it('says what a course payment paid for: an enrolment, not a booking, in English and Kiswahili', () => {
    const duplicate = describeProblem('duplicate', { ...amounts, paidMinor: 300_000, purpose: 'course' });
    expect(duplicate.title).toBe('Second payment for a course enrolment already paid');
    expect(duplicate.action).toBe('Refund KSh 3,000 in the Paystack dashboard (reference ALP-1): the student was already enrolled in this course under another payment, and stays enrolled.');
    expect(`${duplicate.title} ${duplicate.action}`).not.toContain('booking');
    expect(inLanguage(duplicate.title, 'sw')).toBe('Malipo ya pili kwa usajili wa kozi uliokwisha kulipiwa');
    expect(inLanguage(duplicate.action, 'sw')).toMatch(/^Rejesha KSh 3,000 kwenye dashibodi ya Paystack \(kumbukumbu ALP-1\): mwanafunzi alikwisha kusajiliwa kwenye kozi/);
    const mismatch = describeProblem('amount_mismatch', { ...amounts, purpose: 'course' }, 'sw');
    expect(mismatch.action).toMatch(/^Check the amount with the payer: they paid KSh 1,500, the course costs KSh 3,000\. The student is not enrolled/);
    expect(inLanguage(mismatch.title, 'sw')).toBe('Kiasi kilicholipwa kinatofautiana na bei ya kozi');
    expect(inLanguage(mismatch.action, 'sw')).toMatch(/kozi inagharimu KSh 3,000\. Mwanafunzi hajasajiliwa/);
    expect(describeProblem('duplicate', { ...amounts, purpose: 'lesson' }).title).toBe('Second payment for a booking already paid');
  });
  it('knows which attempt statuses are problems', () => {
    expect(['amount_mismatch', 'duplicate', 'needs_refund', 'failed', 'success'].filter(isProblemKind))
      .toEqual(['amount_mismatch', 'duplicate', 'needs_refund']);
  });
});
