import { describe, expect, it } from 'vitest';
import { canAskRefund, isRefundable } from './refund-rules.js';

describe('when a payment may be refunded', () => {
  it('refunds money taken: a confirmed payment, a duplicate, a payment whose hold was lost; nothing else', () => {
    expect(['success', 'duplicate', 'needs_refund', 'initialized', 'failed', 'amount_mismatch'].filter((status) => isRefundable({ status })))
      .toEqual(['success', 'duplicate', 'needs_refund']);
  });
  it('asks once: not while a refund is requested, pending or processed; again after the provider refused it', () => {
    expect(canAskRefund(undefined)).toBe(true);
    expect((['requested', 'pending', 'processed', 'failed'] as const).filter((status) => isRefundable({ status: 'success' }, { status })))
      .toEqual(['failed']);
  });
});
