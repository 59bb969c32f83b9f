/**
 * The business metrics a provider's answer counts (the alarms of money stuck watch them), against
 * small fakes of the repositories: once per attempt, never again on a webhook retry.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentAttempt } from './keys.js';

const fakes = vi.hoisted(() => ({ confirm: 'hold_lost' as string, counted: [] as string[], published: [] as unknown[] }));
vi.mock('../bookings/repository.js', () => ({
  getBooking: async () => ({
    id: 'booking-1', studentId: 's', tutorId: 't', status: 'pending', paymentStatus: 'pending', lockedHours: [],
    holdExpiresAt: '2026-11-23T08:30:00.000Z', amountMinor: 150_000, currency: 'KES',
  }),
}));
vi.mock('./repository.js', () => ({
  confirmPayment: async () => fakes.confirm,
  confirmCoursePayment: async () => fakes.confirm,
  setAttemptStatus: async () => {},
  markEventPublished: async () => {},
}));
vi.mock('../shared/events.js', () => ({ publishEvent: async (type: string, detail: unknown) => { fakes.published.push(detail); } }));
vi.mock('../shared/metrics.js', () => ({ countBusinessEvent: (name: string) => fakes.counted.push(name) }));
import { applyProviderTransaction } from './service.js';

const attempt = (status: PaymentAttempt['status']): PaymentAttempt => ({
  reference: 'ALP-1', purpose: 'lesson', bookingId: 'booking-1', studentId: 's', tutorId: 't', amountMinor: 150_000, currency: 'KES',
  status, createdAt: '2026-11-23T08:00:00.000Z',
});
const paid = (amountMinor = 150_000) => ({ reference: 'ALP-1', status: 'success' as const, amountMinor, currency: 'KES' });
const now = new Date('2026-11-23T08:10:00Z');

beforeEach(() => { fakes.counted.length = 0; fakes.published.length = 0; });

describe('metrics counted from a provider\'s answer', () => {
  it('a payment that lost its hold needs a refund: counted once, not again when the webhook is retried', async () => {
    fakes.confirm = 'hold_lost';
    expect(await applyProviderTransaction(paid(), now, attempt('initialized'))).toBe('hold_lost');
    expect(await applyProviderTransaction(paid(), now, attempt('needs_refund'))).toBe('hold_lost');
    expect(fakes.counted).toEqual(['PaymentNeedsRefund']);
  });

  it('a second payment for a paid booking needs a refund too', async () => {
    fakes.confirm = 'booking_paid_elsewhere';
    expect(await applyProviderTransaction(paid(), now, attempt('initialized'))).toBe('duplicate');
    expect(fakes.counted).toEqual(['PaymentNeedsRefund']);
  });

  it('a wrong amount is counted once as a mismatch', async () => {
    expect(await applyProviderTransaction(paid(100_000), now, attempt('initialized'))).toBe('amount_mismatch');
    expect(await applyProviderTransaction(paid(100_000), now, attempt('amount_mismatch'))).toBe('amount_mismatch');
    expect(fakes.counted).toEqual(['PaymentAmountMismatch']);
  });

  it('a confirmed payment is counted as confirmed', async () => {
    fakes.confirm = 'confirmed';
    expect(await applyProviderTransaction(paid(), now, attempt('initialized'))).toBe('confirmed');
    expect(fakes.counted).toEqual(['PaymentConfirmed']);
  });

  describe('a course payment', () => {
    const courseAttempt = (status: PaymentAttempt['status']): PaymentAttempt => ({
      reference: 'ALP-2', purpose: 'course', courseId: 'course-1', studentId: 's', tutorId: 't', amountMinor: 150_000, currency: 'KES',
      status, createdAt: '2026-11-23T08:00:00.000Z',
    });
    const coursePaid = (amountMinor = 150_000) => ({ ...paid(amountMinor), reference: 'ALP-2' });

    it('confirmed: counted, and PaymentConfirmed says course with the course and its author', async () => {
      fakes.confirm = 'confirmed';
      expect(await applyProviderTransaction(coursePaid(), now, courseAttempt('initialized'))).toBe('confirmed');
      expect(fakes.counted).toEqual(['PaymentConfirmed']);
      expect(fakes.published).toEqual([expect.objectContaining({ purpose: 'course', courseId: 'course-1', tutorId: 't', amountMinor: 150_000 })]);
    });

    it('paid again while enrolled: a duplicate needing a refund, counted once', async () => {
      fakes.confirm = 'already_enrolled';
      expect(await applyProviderTransaction(coursePaid(), now, courseAttempt('initialized'))).toBe('duplicate');
      expect(await applyProviderTransaction(coursePaid(), now, courseAttempt('duplicate'))).toBe('duplicate');
      expect(fakes.counted).toEqual(['PaymentNeedsRefund']);
      expect(fakes.published).toEqual([]);
    });

    it('a wrong amount is a mismatch and publishes nothing', async () => {
      expect(await applyProviderTransaction(coursePaid(100), now, courseAttempt('initialized'))).toBe('amount_mismatch');
      expect(fakes.published).toEqual([]);
    });
  });
});
