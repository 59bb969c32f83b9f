import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { callbackStep, paymentReferenceFrom, VERIFY_RETRIES } from './payment-callback';

const answer = (status: 'success' | 'failed' | 'pending', paymentStatus: 'pending' | 'paid' | 'failed' = 'pending') =>
  ({ result: { status, paymentStatus, bookingId: 'b1', message: 'server says' } });

describe('payment callback', () => {
  it('reads reference, else trxref', () => {
    expect(paymentReferenceFrom(new URLSearchParams('trxref=T&reference=R'))).toBe('R');
    expect(paymentReferenceFrom(new URLSearchParams('trxref=T'))).toBe('T');
    expect(paymentReferenceFrom(new URLSearchParams(''))).toBe('');
  });

  it('succeeds on status success or a paid booking', () => {
    expect(callbackStep('R', answer('success', 'paid'), 0)).toEqual({ kind: 'success', reference: 'R', bookingId: 'b1' });
    const course = { result: { status: 'success' as const, paymentStatus: 'paid' as const, courseId: 'c1', message: 'enrolled' } };
    expect(callbackStep('R', course, 0)).toEqual({ kind: 'success', reference: 'R', courseId: 'c1', message: 'enrolled' });
    const summary = { reference: 'R', amountMinor: 150_000, currency: 'KES' as const, tutorId: 't', tutorName: 'A B', kind: 'course' as const, courseTitle: 'Biology', paidAt: '2026-11-28T06:00:00.000Z', canPayAgain: false };
    expect(callbackStep('R', { result: { ...course.result, summary } }, 0)).toMatchObject({ kind: 'success', courseId: 'c1', summary });
    expect(callbackStep('R', answer('failed', 'paid'), 0).kind).toBe('success');
    expect(callbackStep('R', answer('pending', 'paid'), 0).kind).toBe('success');
  });

  it('names the paid pack, whose page books its lessons', () => {
    const summary = { reference: 'PACK-p1-1', amountMinor: 900_000, currency: 'KES' as const, tutorId: 't', tutorName: 'A B', kind: 'pack' as const, lessonCount: 5, canPayAgain: false };
    const pack = { result: { status: 'success' as const, paymentStatus: 'paid' as const, packId: 'p1', message: 'paid', summary } };
    expect(callbackStep('PACK-p1-1', pack, 0)).toEqual({ kind: 'success', reference: 'PACK-p1-1', packId: 'p1', summary });
  });

  it('fails on failed, and on a missing reference', () => {
    expect(callbackStep('R', answer('failed', 'failed'), 0)).toEqual({ kind: 'failed', message: 'server says', bookingId: 'b1' });
    expect(callbackStep('', answer('success', 'paid'), 0).kind).toBe('failed');
  });

  it('carries the server\'s summary of what was bought to the outcome, with the booking to pay again', () => {
    const summary = {
      reference: 'R', amountMinor: 150_000, currency: 'KES' as const, tutorId: 't1', tutorName: 'Amina Otieno', kind: 'lesson' as const,
      subject: 'Mathematics', scheduledAt: '2026-12-01T06:00:00.000Z', durationMinutes: 60, canPayAgain: true,
    };
    expect(callbackStep('R', { result: { ...answer('failed', 'failed').result, summary } }, 0)).toEqual({ kind: 'failed', message: 'server says', bookingId: 'b1', summary });
    expect(callbackStep('R', { result: { ...answer('success', 'paid').result, summary: { ...summary, canPayAgain: false } } }, 0))
      .toEqual({ kind: 'success', reference: 'R', bookingId: 'b1', summary: { ...summary, canPayAgain: false } });
  });

  it('asks again while pending, a few times, then gives up', () => {
    for (let used = 0; used < VERIFY_RETRIES; used += 1) expect(callbackStep('R', answer('pending'), used).kind).toBe('retry');
    expect(callbackStep('R', answer('pending'), VERIFY_RETRIES).kind).toBe('failed');
  });

  it('retries a dropped connection or a server error, not a definitive 4xx', () => {
    expect(callbackStep('R', { error: new ApiError(0, 'network_error', 'offline') }, 0).kind).toBe('retry');
    expect(callbackStep('R', { error: new ApiError(503, 'http_error', 'busy') }, 1).kind).toBe('retry');
    expect(callbackStep('R', { error: new ApiError(503, 'http_error', 'busy') }, VERIFY_RETRIES).kind).toBe('failed');
    expect(callbackStep('R', { error: new ApiError(404, 'not_found', 'Payment not found', true) }, 0).kind).toBe('failed');
    expect(callbackStep('R', { error: new ApiError(401, 'not_authenticated', 'Not authenticated') }, 0).kind).toBe('failed');
  });
});
