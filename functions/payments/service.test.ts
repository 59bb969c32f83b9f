/**
 * Starting a payment, against small fakes of the provider and the repositories: whatever the
 * provider answers, no half-written payment attempt is left behind.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '../bookings/contract.js';
import type * as paystack from './paystack.js';

const fakes = vi.hoisted(() => ({
  booking: null as unknown,
  initialize: vi.fn(),
  createPaymentAttempt: vi.fn(),
  calls: [] as string[],
}));
vi.mock('../bookings/repository.js', () => ({ getBooking: async () => fakes.booking }));
vi.mock('../profiles/repository.js', () => ({ getProfile: async (id: string) => ({ id, email: 'amina@example.com' }) }));
vi.mock('./repository.js', () => ({ createPaymentAttempt: fakes.createPaymentAttempt }));
vi.mock('./paystack.js', async (importOriginal) => ({
  ...(await importOriginal<typeof paystack>()),
  paymentProvider: () => ({ initialize: fakes.initialize }),
}));
import { paymentMessages } from '../bookings/messages.js';
import { DomainError } from '../shared/errors.js';
import { PaystackError } from './paystack.js';
import { initializePayment } from './service.js';

const student = { id: 'student-1', groups: ['student'], role: 'student' as const };
const now = new Date('2026-11-23T08:00:00Z');
const booking = (over: Partial<Booking> = {}): Booking => ({
  id: 'booking-1234', studentId: 'student-1', tutorId: 'tutor-1', subject: 'Mathematics', scheduledAt: '2026-11-24T06:00:00.000Z',
  durationMinutes: 60, hourlyRate: 1500, totalAmount: 1500, amountMinor: 150_000, currency: 'KES', status: 'pending',
  paymentStatus: 'pending', holdExpiresAt: '2026-11-23T08:30:00.000Z', createdAt: '2026-11-23T08:00:00.000Z',
  tutor: { id: 'tutor-1', firstName: 'T', lastName: 'T' }, student: { id: 'student-1', firstName: 'S', lastName: 'S' }, ...over,
});

const refusal = async () => initializePayment(student, 'booking-1234', now).then(() => null, (e: unknown) => e);

beforeEach(() => {
  process.env.APP_ORIGIN = 'http://localhost:3000';
  fakes.booking = booking();
  fakes.calls.length = 0;
  fakes.initialize.mockReset().mockImplementation(async () => {
    fakes.calls.push('provider');
    return { authorizationUrl: 'https://checkout.example/abc', accessCode: 'abc' };
  });
  fakes.createPaymentAttempt.mockReset().mockImplementation(async () => { fakes.calls.push('attempt'); });
});

describe('initializePayment', () => {
  it('records the attempt only after the provider accepted it, with the reference it returns', async () => {
    const out = await initializePayment(student, 'booking-1234', now);
    expect(fakes.calls).toEqual(['provider', 'attempt']);
    const [attempt] = fakes.createPaymentAttempt.mock.calls[0]!;
    expect(attempt).toMatchObject({ reference: out.reference, amountMinor: 150_000, status: 'initialized' });
    expect(fakes.initialize.mock.calls[0]![0]).toMatchObject({ reference: out.reference, amountMinor: 150_000 });
  });

  it('writes nothing when the provider refuses, and answers 502 with the spec text', async () => {
    fakes.initialize.mockRejectedValue(new PaystackError('Paystack initialize failed (HTTP 400): Invalid Email Address Passed', { httpStatus: 400, retryable: false }));
    const error = await refusal();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ status: 502, code: 'payment_provider_failed', message: paymentMessages.initializeFailed });
    expect(fakes.createPaymentAttempt).not.toHaveBeenCalled();
  });

  it('writes nothing when the provider times out or the call throws anything else', async () => {
    fakes.initialize.mockRejectedValue(new PaystackError('no answer within 8 s', { retryable: true }));
    expect(await refusal()).toMatchObject({ status: 502 });
    fakes.initialize.mockRejectedValue(new RangeError('amountMinor must be a positive integer'));
    expect(await refusal()).toBeInstanceOf(RangeError);
    expect(fakes.createPaymentAttempt).not.toHaveBeenCalled();
  });

  it('refuses a booking of KSh 0 (older data) before calling the provider', async () => {
    fakes.booking = booking({ hourlyRate: 0, totalAmount: 0, amountMinor: 0 });
    expect(await refusal()).toMatchObject({ status: 422, code: 'amount_not_payable' });
    expect(fakes.initialize).not.toHaveBeenCalled();
    expect(fakes.createPaymentAttempt).not.toHaveBeenCalled();
  });
});
