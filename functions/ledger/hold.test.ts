/** A dispute's hold on a payment source (keys.ts): out of the release index while held, back at its window's end when lifted. */
import { describe, expect, it } from 'vitest';
import { PENDING_PARTITION, sourceHoldLiftUpdate, sourceHoldUpdate, sourceStageUpdate, type PaymentSource } from './keys.js';

const pending: PaymentSource = {
  reference: 'ref-1', purpose: 'lesson', tutorId: 't', bookingId: 'b', amountMinor: 150_000, paidAt: '2026-11-20T08:00:00.000Z', stage: 'pending',
  feeMinor: 22_500, tutorMinor: 127_500, availableAt: '2026-11-22T11:00:00.000Z', hold: 'dispute#b',
};

describe('a dispute hold on a payment source', () => {
  it('placing it takes the source out of the release index, once, on the stage read', () => {
    const { Update } = sourceHoldUpdate('ref-1', 'pending', 'dispute#b');
    expect(Update.UpdateExpression).toBe('SET #hold = :hold REMOVE gsi1pk, gsi1sk');
    expect(Update.ConditionExpression).toBe('#stage = :from AND attribute_not_exists(#hold)');
  });

  it('a lesson earned while held becomes pending without joining the release index', () => {
    const held = sourceStageUpdate('ref-1', 'held', { stage: 'pending', availableAt: pending.availableAt }, { hold: 'dispute#b' }).Update;
    expect(held.UpdateExpression).not.toContain('gsi1pk');
    expect(held.ConditionExpression).toBe('#stage = :from AND #hold = :hold');
    const free = sourceStageUpdate('ref-1', 'held', { stage: 'pending', availableAt: pending.availableAt }).Update;
    expect(free.UpdateExpression).toContain('gsi1pk = :pending');
    expect(free.ConditionExpression).toBe('#stage = :from AND attribute_not_exists(#hold)');
  });

  it('a refund settles it: the hold goes, and what is left rejoins the index at its own window\'s end', () => {
    const { Update } = sourceStageUpdate('ref-1', 'pending', { refundedMinor: 50_000, availableAt: pending.availableAt }, { hold: 'dispute#b', clearHold: true });
    expect(Update.UpdateExpression).toContain('gsi1pk = :pending');
    expect(Update.UpdateExpression).toContain('REMOVE #hold');
    expect(Update.ExpressionAttributeValues[':due']).toBe(`${pending.availableAt}#ref-1`);
  });

  it('a release lifts it and puts a pending source back at its window\'s end', () => {
    const { Update } = sourceHoldLiftUpdate(pending, 'dispute#b');
    expect(Update.UpdateExpression).toBe('SET gsi1pk = :pending, gsi1sk = :due REMOVE #hold');
    expect(Update.ExpressionAttributeValues).toMatchObject({ ':pending': PENDING_PARTITION, ':due': `${pending.availableAt}#ref-1`, ':hold': 'dispute#b' });
  });
});
