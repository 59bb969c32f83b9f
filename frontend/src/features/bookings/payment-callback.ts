/**
 * /payment-callback decisions: success if the verification says
 * success or the booking is paid; a provider still processing is asked again a few times before
 * the page gives up; a missing reference or a definitive error is a failure. Pure, unit-tested.
 */
import type { PaymentSummary, VerifyPaymentResponse } from '@functions/bookings/contract';
import { ApiError } from '../../shared/api';

/** The provider returns ?trxref=REF&reference=REF; either is enough. */
export function paymentReferenceFrom(params: URLSearchParams): string {
  return (params.get('reference') ?? params.get('trxref') ?? '').trim();
}

/** How many times "pending" is asked again, and how long to wait between asks. */
export const VERIFY_RETRIES = 3;
export const VERIFY_RETRY_DELAY_MS = 2_000;

export type CallbackStep =
  | { kind: 'success'; reference: string; bookingId?: string; courseId?: string; packId?: string; message?: string; summary?: PaymentSummary }
  | { kind: 'failed'; message?: string; bookingId?: string; summary?: PaymentSummary }
  | { kind: 'retry' };

/** What one verification answer means, given how many retries have been used already. */
export function callbackStep(
  reference: string,
  outcome: { result: Pick<VerifyPaymentResponse, 'status' | 'paymentStatus' | 'bookingId' | 'courseId' | 'packId' | 'message' | 'summary'> } | { error: unknown },
  retriesUsed: number,
): CallbackStep {
  if (!reference) return { kind: 'failed' };
  const canRetry = retriesUsed < VERIFY_RETRIES;
  if ('error' in outcome) {
    // A dropped connection or a server hiccup may pass; a 4xx answer (unknown reference, not
    // yours, signed out) will not.
    const transient = !(outcome.error instanceof ApiError) || outcome.error.status === 0 || outcome.error.status >= 500;
    return transient && canRetry ? { kind: 'retry' } : { kind: 'failed' };
  }
  const { result } = outcome;
  // What was bought, as the server read it from the payment's record (the URL says nothing of it).
  const summary = result.summary ? { summary: result.summary } : {};
  if (result.status === 'success' || result.paymentStatus === 'paid') {
    // A course payment names its course: the page sums it up and offers the way back to it, enrolled.
    if (result.courseId) return { kind: 'success', reference, courseId: result.courseId, message: result.message, ...summary };
    // A pack: its page counts the lessons to book and books them.
    if (result.packId) return { kind: 'success', reference, packId: result.packId, ...summary };
    return { kind: 'success', reference, ...(result.bookingId ? { bookingId: result.bookingId } : {}), ...summary };
  }
  if (result.status === 'pending' && canRetry) return { kind: 'retry' };
  return { kind: 'failed', message: result.message, ...(result.bookingId ? { bookingId: result.bookingId } : {}), ...summary };
}
