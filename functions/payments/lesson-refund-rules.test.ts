import { describe, expect, it } from 'vitest';
import type { LessonRefundRecord } from './keys.js';
import { lessonShareOf, nextQueued, STUCK_LANE_MS, stuckRefund, stuckRefundAtPaystack, webhookTarget } from './lesson-refund-rules.js';

const refund = (bookingId: string, over: Partial<LessonRefundRecord> = {}): LessonRefundRecord => ({
  reference: 'PLAN-p-1-1', bookingId, studentId: 's', tutorId: 't', amountMinor: 150_000, status: 'requested',
  requestedAt: '2026-11-29T10:00:00.000Z', by: 'student', reason: 'Cancelled', countedInRevenue: true, forBooking: true, partial: true, ...over,
});

describe('a weekly-plan lesson\'s share of its instalment', () => {
  it('is the price per lesson the plan charged, and the shares of an odd amount still add up to the payment', () => {
    expect(lessonShareOf({ amountMinor: 600_000, bookingIds: ['a', 'b', 'c', 'd'] }, 'c')).toBe(150_000);
    const odd = { amountMinor: 100_001, bookingIds: ['a', 'b', 'c'] };
    expect(['a', 'b', 'c'].map((id) => lessonShareOf(odd, id)!).reduce((sum, share) => sum + share, 0)).toBe(100_001);
  });

  it('is nothing for a lesson the payment did not pay', () => {
    expect(lessonShareOf({ amountMinor: 600_000, bookingIds: ['a', 'b'] }, 'z')).toBeNull();
  });
});

describe('the next lesson refund asked of Paystack', () => {
  it('is the one cancelled first among those still waiting, never the one in flight or one already asked', () => {
    const refunds = [
      refund('late', { requestedAt: '2026-11-29T10:05:00.000Z' }),
      refund('early', { requestedAt: '2026-11-29T10:01:00.000Z' }),
      refund('asked', { requestedAt: '2026-11-29T09:00:00.000Z', status: 'pending' }),
      refund('flying', { requestedAt: '2026-11-29T08:00:00.000Z' }),
    ];
    expect(nextQueued(refunds, { inFlight: 'flying' })?.bookingId).toBe('early');
    expect(nextQueued([refund('x', { status: 'processed' }), refund('y', { status: 'failed' })], null)).toBeNull();
  });
});

describe('which lesson refund a Paystack webhook is about', () => {
  it('is the one in flight (the webhooks name only the payment, and two lessons\' amounts are equal)', () => {
    const refunds = [refund('a', { status: 'pending' }), refund('b')];
    expect(webhookTarget(refunds, { inFlight: 'a' }, 'RF_1')).toEqual({ kind: 'in_flight', refund: refunds[0] });
    expect(webhookTarget(refunds, { inFlight: 'a' }, null)).toEqual({ kind: 'in_flight', refund: refunds[0] });
  });

  it('a report naming a refund reference already on a finished refund is a replay, even while another is in flight', () => {
    const refunds = [refund('a', { status: 'processed', refundReference: 'RF_1' }), refund('b', { status: 'pending', refundReference: 'RF_2' })];
    expect(webhookTarget(refunds, { inFlight: 'b' }, 'RF_1')).toEqual({ kind: 'replay', refund: refunds[0] });
    expect(webhookTarget(refunds, {}, 'RF_1')).toEqual({ kind: 'replay', refund: refunds[0] });
  });

  it('is none when nothing is in flight, or the in-flight one already carries another Paystack reference', () => {
    expect(webhookTarget([refund('a')], {}, 'RF_9')).toEqual({ kind: 'none' });
    expect(webhookTarget([refund('a', { status: 'pending', refundReference: 'RF_1' })], { inFlight: 'a' }, 'RF_9')).toEqual({ kind: 'none' });
  });
});

describe('a refund lane left by an asker that died', () => {
  const takenAt = '2026-11-29T10:00:00.000Z';
  const after = (ms: number) => new Date(Date.parse(takenAt) + ms);

  it('is stuck only once the lane has been held STUCK_LANE_MS by a refund never marked asked', () => {
    const refunds = [refund('a'), refund('b', { status: 'pending' })];
    expect(stuckRefund(refunds, { inFlight: 'a', since: takenAt }, after(STUCK_LANE_MS - 1))).toBeNull();
    expect(stuckRefund(refunds, { inFlight: 'a', since: takenAt }, after(STUCK_LANE_MS))?.bookingId).toBe('a');
    // Asked (pending): its webhook moves it, nothing is stuck.
    expect(stuckRefund(refunds, { inFlight: 'b', since: takenAt }, after(STUCK_LANE_MS * 4))).toBeNull();
    expect(stuckRefund(refunds, {}, after(STUCK_LANE_MS * 4))).toBeNull();
  });

  it('got to Paystack when Paystack lists a refund of the payment of its amount that is none of ours already reported', () => {
    const refunds = [refund('done', { status: 'processed', refundReference: 'RF_1' }), refund('a')];
    const listed = (over: Partial<{ transactionReference: string; amountMinor: number; status: string; refundReference: string }>) =>
      ({ transactionReference: 'PLAN-p-1-1', amountMinor: 150_000, status: 'pending', ...over });
    // The earlier lesson's refund (its reference is ours): not the stuck one, so asking now is safe.
    expect(stuckRefundAtPaystack(refunds, refunds[1]!, [listed({ status: 'processed', refundReference: 'RF_1' })])).toBeNull();
    // Another payment's refund, or another amount: not it either.
    expect(stuckRefundAtPaystack(refunds, refunds[1]!, [listed({ transactionReference: 'PLAN-q-1-1' }), listed({ amountMinor: 99 })])).toBeNull();
    // A pending refund (no Paystack reference yet) or a processed one with a new reference: it got there.
    expect(stuckRefundAtPaystack(refunds, refunds[1]!, [listed({})])?.status).toBe('pending');
    expect(stuckRefundAtPaystack(refunds, refunds[1]!, [listed({ status: 'processed', refundReference: 'RF_2' })])?.refundReference).toBe('RF_2');
  });
});
