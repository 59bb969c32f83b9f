/**
 * Payment rules. The amount always comes from the booking; a provider "success" marks a booking
 * paid only if amount and currency match it, and only once per reference (webhook and verify may
 * both report it, in any order, any number of times).
 */
import { randomBytes } from 'node:crypto';
import type { Booking, InitializePaymentResponse, PaymentOutcome, VerifyPaymentResponse } from '../bookings/contract.js';
import { bookingMessages, paymentMessages } from '../bookings/contract.js';
import { getBooking, markBookingPaymentFailed } from '../bookings/service.js';
import { effectiveBooking } from '../bookings/rules.js';
import { getProfile } from '../profiles/service.js';
import { config } from '../shared/config.js';
import { BusinessRuleViolated, Conflict, Forbidden, NotAuthenticated, NotFound, ProviderFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { paymentProvider, PaystackError } from './paystack.js';
import { PaystackRefundWebhook, PaystackWebhook, type ProviderTransaction } from './provider.js';
import { applyRefundWebhook, refundPayment, type RefundOutcome } from './refund-service.js';
import type { PaymentAttempt } from './keys.js';
import { confirmPayment, createPaymentAttempt, getPaymentAttempt, markEventPublished, setAttemptStatus } from './repository.js';

/** What other domains read of payments: they call these, never the repository. */
export { recentTransactions, tutorEarnings } from './repository.js';
export { refundPayment } from './refund-service.js';

export async function initializePayment(user: AuthUser, bookingId: string, now = new Date()): Promise<InitializePaymentResponse> {
  const found = await getBooking(bookingId);
  if (!found) throw new NotFound(bookingMessages.notFound);
  if (found.studentId !== user.id) throw new Forbidden(bookingMessages.notYours);
  const booking = effectiveBooking(found, now);
  if (booking.paymentStatus === 'paid') throw new Conflict('already_paid', bookingMessages.alreadyPaid);
  if (booking.status === 'expired') throw new BusinessRuleViolated('hold_expired', bookingMessages.holdExpired);

  // Older bookings may carry KSh 0 (rates had no minimum): nothing a provider can charge.
  if (!Number.isSafeInteger(booking.amountMinor) || booking.amountMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  const student = await getProfile(user.id);
  if (!student) throw new NotFound('Profile not found');

  // A fresh reference per attempt: a retried click can't be charged under an old one.
  const reference = `ALP-${booking.id.slice(0, 8)}-${randomBytes(6).toString('hex')}`;
  // The provider first: its refusal leaves nothing behind. No payment can reach the reference
  // before the attempt exists, as the payer gets the authorization URL only after it is written.
  let authorizationUrl: string;
  try {
    ({ authorizationUrl } = await paymentProvider().initialize({
      reference,
      email: student.email,
      amountMinor: booking.amountMinor,
      currency: 'KES',
      callbackUrl: `${config.appOrigin}/payment-callback`,
      channels: ['card', 'mobile_money'],
      metadata: { bookingId: booking.id, tutorId: booking.tutorId },
    }));
  } catch (error) {
    if (error instanceof PaystackError) throw new ProviderFailed('payment_provider_failed', paymentMessages.initializeFailed);
    throw error;
  }
  const attempt: PaymentAttempt = {
    reference, bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId,
    amountMinor: booking.amountMinor, currency: 'KES', status: 'initialized', createdAt: now.toISOString(),
  };
  try {
    await createPaymentAttempt(attempt, booking);
  } catch (error) {
    // Paid meanwhile under another reference: the new transaction is never shown, so never paid.
    if ((error as Error).name === 'TransactionCanceledException' && (await getBooking(booking.id))?.paymentStatus === 'paid') {
      throw new Conflict('already_paid', bookingMessages.alreadyPaid);
    }
    throw error;
  }
  return { authorizationUrl, reference };
}

async function publishConfirmed(attempt: PaymentAttempt, booking: Booking, paidAt: string): Promise<void> {
  await publishEvent('PaymentConfirmed', {
    purpose: 'lesson', bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId, reference: attempt.reference,
    amountMinor: attempt.amountMinor, currency: 'KES', occurredAt: paidAt,
  });
  await markEventPublished(attempt.reference);
}

/**
 * Applies what the provider says about a reference. Safe to call any number of times.
 * `known` is the attempt when the caller has already read it.
 */
export async function applyProviderTransaction(txn: ProviderTransaction, now = new Date(), known?: PaymentAttempt): Promise<PaymentOutcome> {
  const attempt = known ?? await getPaymentAttempt(txn.reference);
  if (!attempt) {
    logger.warn('Provider reported an unknown reference', { reference: txn.reference });
    return 'unknown_reference';
  }
  const found = await getBooking(attempt.bookingId);
  if (!found) return 'unknown_reference';
  const { lockedHours, ...booking } = found;

  if (txn.status !== 'success') {
    if (txn.status === 'failed' || txn.status === 'reversed') {
      await setAttemptStatus(attempt.reference, 'failed');
      await markBookingPaymentFailed(booking.id);
      return 'failed';
    }
    return 'pending';
  }
  if (attempt.status === 'success') {
    // A replay (webhook retry, or verify after the webhook): nothing to write. Only finish the
    // publishing if the first delivery committed but did not get to it.
    if (attempt.eventPublished === false) await publishConfirmed(attempt, booking, attempt.paidAt ?? now.toISOString());
    return 'already_confirmed';
  }
  if (txn.amountMinor !== attempt.amountMinor || txn.currency !== attempt.currency) {
    // Money moved, but not the booking's price: keep the record, don't confirm the lesson.
    logger.error('Payment amount or currency does not match the booking', {
      reference: attempt.reference, expected: attempt.amountMinor, got: txn.amountMinor, currency: txn.currency,
    });
    // Counted once per attempt, not per webhook retry.
    if (attempt.status !== 'amount_mismatch') countBusinessEvent(BusinessMetric.paymentAmountMismatch);
    await setAttemptStatus(attempt.reference, 'amount_mismatch', { providerAmountMinor: txn.amountMinor, providerCurrency: txn.currency });
    return 'amount_mismatch';
  }

  const paidAt = txn.paidAt ? new Date(txn.paidAt).toISOString() : now.toISOString();
  const result = await confirmPayment(attempt, booking, lockedHours, { at: paidAt, ...(txn.channel ? { channel: txn.channel } : {}) });
  switch (result) {
    case 'confirmed':
      countBusinessEvent(BusinessMetric.paymentConfirmed);
      await publishConfirmed(attempt, booking, paidAt);
      return 'confirmed';
    case 'already_confirmed':
      // Confirmed concurrently by another delivery, which publishes the event.
      return 'already_confirmed';
    case 'booking_paid_elsewhere':
      if (attempt.status !== 'duplicate') countBusinessEvent(BusinessMetric.paymentNeedsRefund);
      await setAttemptStatus(attempt.reference, 'duplicate', { paidAt });
      logger.error('A second payment arrived for a paid booking; refund it', { reference: attempt.reference, bookingId: booking.id });
      return 'duplicate';
    case 'hold_lost':
      if (attempt.status !== 'needs_refund') countBusinessEvent(BusinessMetric.paymentNeedsRefund);
      await setAttemptStatus(attempt.reference, 'needs_refund', { paidAt });
      if ((await getBooking(booking.id))?.status === 'cancelled') {
        // The student released the booking while paying: the money goes back at once, never lost.
        await refundPayment({ reference: attempt.reference, by: 'system', reason: 'Paid after the booking was cancelled' });
        return 'hold_lost';
      }
      logger.error('Paid after the hold expired and the time was taken; refund it', { reference: attempt.reference, bookingId: booking.id });
      return 'hold_lost';
  }
}

export async function verifyPayment(user: AuthUser, reference: string): Promise<VerifyPaymentResponse> {
  const attempt = await getPaymentAttempt(reference);
  if (!attempt) throw new NotFound(paymentMessages.unknownReference);
  if (attempt.studentId !== user.id && attempt.tutorId !== user.id) throw new Forbidden(bookingMessages.notYours);
  const txn = await paymentProvider().verify(reference);
  const outcome = txn ? await applyProviderTransaction(txn, new Date(), attempt) : 'pending';
  const confirmed = outcome === 'confirmed' || outcome === 'already_confirmed';
  // Only the other outcomes need the booking's state (e.g. paid under another reference).
  const paymentStatus = confirmed ? 'paid' : (await getBooking(attempt.bookingId))?.paymentStatus ?? 'pending';
  if (confirmed) {
    return { status: 'success', paymentStatus, bookingId: attempt.bookingId, message: paymentMessages.verified };
  }
  if (outcome === 'amount_mismatch') {
    return { status: 'failed', paymentStatus, bookingId: attempt.bookingId, message: paymentMessages.amountMismatch };
  }
  if (outcome === 'pending') {
    return { status: 'pending', paymentStatus, bookingId: attempt.bookingId, message: paymentMessages.pending };
  }
  return { status: 'failed', paymentStatus, bookingId: attempt.bookingId, message: paymentMessages.failed };
}

/** The body as a refund.* event, or null when it is another event (or unreadable). */
function refundEvent(rawBody: string): PaystackRefundWebhook | null {
  try {
    const parsed = PaystackRefundWebhook.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Paystack webhook: signature first (401), then charge.success and refund.*; other events are acknowledged. */
export async function handlePaystackWebhook(rawBody: string, signature: string | undefined): Promise<PaymentOutcome | RefundOutcome | 'ignored'> {
  if (!(await paymentProvider().isValidWebhookSignature(rawBody, signature))) throw new NotAuthenticated('Invalid signature');
  const refund = refundEvent(rawBody);
  if (refund) return applyRefundWebhook(refund);
  let parsed: PaystackWebhook;
  try {
    parsed = PaystackWebhook.parse(JSON.parse(rawBody));
  } catch {
    logger.warn('Unreadable webhook body');
    return 'ignored';
  }
  if (parsed.event !== 'charge.success') return 'ignored';
  const { data } = parsed;
  return applyProviderTransaction({
    reference: data.reference,
    status: data.status === 'success' ? 'success' : 'failed',
    amountMinor: data.amount,
    currency: data.currency,
    ...(data.channel ? { channel: data.channel } : {}),
    ...(data.paid_at ? { paidAt: data.paid_at } : {}),
  });
}
