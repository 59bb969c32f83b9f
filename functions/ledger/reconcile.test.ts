import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './keys.js';
import { chargeMismatch, reconcileWindow, refundMismatch, transferMismatch } from './reconcile.js';

const paid = (amountMinor: number): LedgerEntry => ({
  entryId: 'payout_paid#payout_x#1', kind: 'payout_paid', at: '2026-11-27T10:00:00.000Z', reference: 'payout_x', tutorId: 't1',
  postings: [{ account: 'tutor_in_flight', amountMinor: -amountMinor }, { account: 'tutor_paid_out', amountMinor }],
});
const refunded = (amountMinor: number): LedgerEntry => ({
  entryId: 'refund#ALP-1', kind: 'refund', at: '2026-11-27T10:00:00.000Z', reference: 'ALP-1', tutorId: 't1',
  postings: [{ account: 'lessons_held', amountMinor: -amountMinor }, { account: 'refunds', amountMinor }],
});

describe('a successful transfer', () => {
  it('matches its payout_paid entry of the same amount; no entry or another amount is a mismatch', () => {
    expect(transferMismatch(170_000, paid(170_000))).toBeNull();
    // Paid at Paystack, recorded failed (money back to available): what paid a tutor twice.
    expect(transferMismatch(170_000, null)).toEqual({ kind: 'missing', recordedMinor: 0 });
    expect(transferMismatch(170_000, paid(100_000))).toEqual({ kind: 'amount', recordedMinor: 100_000 });
  });
});

describe('a processed refund', () => {
  it('matches the ledger\'s refund entry, or the refund record of a payment the ledger never had', () => {
    expect(refundMismatch(5_000, refunded(5_000), null)).toBeNull();
    expect(refundMismatch(5_000, refunded(4_000), null)).toEqual({ kind: 'amount', recordedMinor: 4_000 });
    expect(refundMismatch(5_000, null, { status: 'processed', amountMinor: 5_000, countedInRevenue: false })).toBeNull();
    // A confirmed payment's refund belongs in the ledger: its record alone is not enough.
    expect(refundMismatch(5_000, null, { status: 'processed', amountMinor: 5_000, countedInRevenue: true })).toEqual({ kind: 'missing', recordedMinor: 0 });
    expect(refundMismatch(5_000, null, null)).toEqual({ kind: 'missing', recordedMinor: 0 });
  });
});

describe('a successful charge', () => {
  it('matches a payment confirmed at its amount, or one already on the problems list', () => {
    expect(chargeMismatch(300_000, { status: 'success', amountMinor: 300_000 })).toBeNull();
    expect(chargeMismatch(250_000, { status: 'amount_mismatch', amountMinor: 300_000 })).toBeNull();
    expect(chargeMismatch(300_000, { status: 'duplicate', amountMinor: 300_000 })).toBeNull();
    expect(chargeMismatch(300_000, { status: 'initialized', amountMinor: 300_000 })).toEqual({ kind: 'missing', recordedMinor: 0 });
    expect(chargeMismatch(300_000, null)).toEqual({ kind: 'missing', recordedMinor: 0 });
    expect(chargeMismatch(300_000, { status: 'success', amountMinor: 200_000 })).toEqual({ kind: 'amount', recordedMinor: 200_000 });
  });
});

describe('the daily window', () => {
  it('is the two whole UTC days before the run\'s day', () => {
    expect(reconcileWindow(new Date('2026-11-27T00:00:00.000Z'))).toEqual({ from: new Date('2026-11-25T00:00:00.000Z'), to: new Date('2026-11-27T00:00:00.000Z') });
    expect(reconcileWindow(new Date('2026-11-27T23:59:59.999Z'))).toEqual({ from: new Date('2026-11-25T00:00:00.000Z'), to: new Date('2026-11-27T00:00:00.000Z') });
  });
});
