import { describe, expect, it } from 'vitest';
import { payoutBlock, payoutMinimumMinor, payoutReference, runPayoutReference, transferAttempt, transferOutcome, transferReference } from './rules.js';

const eligible = { kycApproved: true, hasRecipient: true, availableMinor: 100_000, inFlightMinor: 0, minimumMinor: 100_000 };

describe('who is paid', () => {
  it('pays a KYC-approved tutor with details and exactly the minimum available', () => {
    expect(payoutBlock(eligible)).toBeNull();
  });
  it('tells the first reason in order: KYC, details, a payout in flight, the minimum', () => {
    expect(payoutBlock({ ...eligible, availableMinor: 99_999 })).toBe('below_minimum');
    expect(payoutBlock({ ...eligible, availableMinor: 0, inFlightMinor: 5 })).toBe('in_flight');
    expect(payoutBlock({ ...eligible, hasRecipient: false, availableMinor: 0 })).toBe('no_details');
    expect(payoutBlock({ ...eligible, kycApproved: false, hasRecipient: false })).toBe('no_kyc');
  });
});

describe('the minimum', () => {
  it('is KSh 1,000 in cents unless configured', () => {
    expect(payoutMinimumMinor({})).toBe(100_000);
    expect(payoutMinimumMinor({ PAYOUT_MINIMUM_KSH: '2500' })).toBe(250_000);
    expect(payoutMinimumMinor({ PAYOUT_MINIMUM_KSH: '0.5' })).toBe(50);
  });
  it('ignores a value that is not a positive number', () => {
    for (const bad of ['', 'abc', '-5', '0']) expect(payoutMinimumMinor({ PAYOUT_MINIMUM_KSH: bad })).toBe(100_000);
  });
});

describe('transfers', () => {
  it('reads Paystack statuses as paid, failed or still pending', () => {
    expect(transferOutcome('success')).toBe('paid');
    for (const s of ['failed', 'reversed', 'rejected']) expect(transferOutcome(s)).toBe('failed');
    for (const s of ['pending', 'otp', 'received', 'queued']) expect(transferOutcome(s)).toBe('pending');
  });
  it('makes references Paystack accepts, sorted by time', () => {
    const a = payoutReference(new Date('2026-01-01T00:00:00Z'), 'ab12');
    const b = payoutReference(new Date('2026-01-02T00:00:00Z'), '0000');
    expect(a).toMatch(/^payout_[a-z0-9]+$/);
    expect(a < b).toBe(true);
  });
});

describe('the transfer reference of each attempt', () => {
  it('is the payout\'s own for attempt 1 and a new one for each retry, and names its attempt back', () => {
    const reference = payoutReference(new Date(0), 'abcdef1234');
    expect(transferReference(reference, 1)).toBe(reference);
    expect(transferReference(reference, 2)).toBe(`${reference}-2`);
    expect(new Set([1, 2, 3].map((n) => transferReference(reference, n))).size).toBe(3);
    for (const attempt of [1, 2, 17]) expect(transferAttempt(transferReference(reference, attempt))).toEqual({ reference, attempt });
    // Paystack's allowed characters only.
    expect(transferReference(reference, 12)).toMatch(/^[a-z0-9_-]+$/);
  });
});

describe('a tutor\'s payout of a weekly run', () => {
  const run = new Date('2026-11-30T06:00:00.000Z');
  it('has one reference per tutor and run, however often it is asked', () => {
    expect(runPayoutReference(run, 'tutor-a')).toBe(runPayoutReference(new Date(run), 'tutor-a'));
  });
  it('differs between tutors and between runs, and is a payout reference (no attempt suffix)', () => {
    const a = runPayoutReference(run, 'tutor-a');
    expect(runPayoutReference(run, 'tutor-b')).not.toBe(a);
    expect(runPayoutReference(new Date(run.getTime() + 7 * 86_400_000), 'tutor-a')).not.toBe(a);
    expect(a).toMatch(/^payout_[0-9a-z]{9}[0-9a-f]{10}$/);
    expect(transferAttempt(a)).toEqual({ reference: a, attempt: 1 });
  });
});
