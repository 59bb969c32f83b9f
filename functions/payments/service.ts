/**
 * Payment rules. The amount always comes from the booking (or the course); a provider
 * "success" marks a booking paid (or enrols in the course) only if amount and currency match it, and only once per reference (webhook and verify may
 * both report it, in any order, any number of times).
 */
import { randomBytes } from 'node:crypto';
import type { InitializePaymentResponse, PaymentOutcome, PaymentSummary, VerifyPaymentResponse } from '../bookings/contract.js';
import { bookingMessages, paymentMessages } from '../bookings/contract.js';
import { getBooking, getBookings, holdUnpaidLessons, markBookingPaymentFailed } from '../bookings/service.js';
import { laterHolds } from '../plans/instalment-payment.js';
import { planMessages } from '../plans/messages.js';
import { getPlan } from '../plans/service.js';
import { packMessages } from '../packs/messages.js';
import { getPack } from '../packs/lookup.js';
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
import { PaystackRefundWebhook, PaystackTransferWebhook, PaystackWebhook, type ProviderTransaction } from './provider.js';
import { applyTransferWebhook } from '../payouts/service.js';
import type { PayoutOutcome } from '../payouts/contract.js';
import { applyRefundWebhook, refundPayment, type RefundOutcome } from './refund-service.js';
import type { PaymentAttempt } from './keys.js';
import { confirmCoursePayment, confirmPackPayment, confirmPayment, confirmPlanPayment, createPaymentAttempt, getPaymentAttempt, markEventPublished, setAttemptStatus } from './repository.js';

/** What other domains read of payments: they call these, never the repository. */
export { getPaymentAttempt, recentTransactions, tutorEarnings } from './repository.js';
export { refundPayment } from './refund-service.js';
export { getRefund } from './refund-repository.js';
export { lessonRefundsOf } from './lesson-refund-repository.js';

/** The caller's booking, if it is still waiting for its money (what any way of paying checks first). */
export async function payableBooking(user: AuthUser, bookingId: string, now = new Date()) {
  const found = await getBooking(bookingId);
  if (!found) throw new NotFound(bookingMessages.notFound);
  if (found.studentId !== user.id) throw new Forbidden(bookingMessages.notYours);
  const booking = effectiveBooking(found, now);
  // Only a booking still waiting for its money is paid for, and this is decided before any
  // provider call: a cancelled one (released unpaid, or paid, cancelled and refunded) holds no
  // time any more, and a payment for it would have to be refunded.
  if (booking.status === 'cancelled') throw new Conflict('booking_cancelled', paymentMessages.bookingCancelled);
  if (booking.paymentStatus === 'paid') throw new Conflict('already_paid', bookingMessages.alreadyPaid);
  if (booking.status === 'expired') throw new BusinessRuleViolated('hold_expired', bookingMessages.holdExpired);

  // Older bookings may carry KSh 0 (rates had no minimum): nothing a provider can charge.
  if (!Number.isSafeInteger(booking.amountMinor) || booking.amountMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  return booking;
}

export async function initializePayment(user: AuthUser, bookingId: string, now = new Date()): Promise<InitializePaymentResponse> {
  const booking = await payableBooking(user, bookingId, now);
  const { reference, authorizationUrl } = await openProviderTransaction(user, booking.id, booking.amountMinor, { bookingId: booking.id, tutorId: booking.tutorId });
  await recordLessonAttempt({
    reference, purpose: 'lesson', bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId,
    amountMinor: booking.amountMinor, currency: 'KES', status: 'initialized', createdAt: now.toISOString(),
  });
  return { authorizationUrl, reference };
}

/** Writes a lesson's payment attempt; 409 when the lesson was paid meanwhile under another reference. */
export async function recordLessonAttempt(attempt: PaymentAttempt): Promise<void> {
  try {
    await createPaymentAttempt(attempt);
  } catch (error) {
    // Paid meanwhile under another reference: the new transaction is never shown, so never paid.
    if ((error as Error).name === 'TransactionCanceledException' && attempt.purpose === 'lesson' && (await getBooking(attempt.bookingId))?.paymentStatus === 'paid') {
      throw new Conflict('already_paid', bookingMessages.alreadyPaid);
    }
    throw error;
  }
}

/**
 * Starts paying for a course enrolment. The courses service has checked who may enrol
 * and passes the course's own price: nothing of the amount comes from the request.
 * `learnerId`: the caller's child (checked by the caller) who is enrolled once it is paid.
 */
export async function initializeCoursePayment(
  user: AuthUser, course: { id: string; tutorId: string; priceMinor: number; title?: string }, now = new Date(), learnerId?: string,
): Promise<InitializePaymentResponse> {
  if (!Number.isSafeInteger(course.priceMinor) || course.priceMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  const { reference, authorizationUrl } = await openProviderTransaction(user, course.id, course.priceMinor, { courseId: course.id, tutorId: course.tutorId });
  await createPaymentAttempt({
    reference, purpose: 'course', courseId: course.id, studentId: user.id, tutorId: course.tutorId,
    amountMinor: course.priceMinor, currency: 'KES', status: 'initialized', createdAt: now.toISOString(),
    ...(course.title ? { courseTitle: course.title } : {}), ...(learnerId ? { learnerId } : {}),
  });
  return { authorizationUrl, reference };
}

/**
 * Starts paying a plan's instalment by card. The plans service has checked the payer and the
 * instalment and passes the plan's amount and the attempt's reference (PLAN-{planId}-{n}-{attempt}).
 */
export async function initializePlanPayment(
  user: AuthUser, purchase: { planId: string; instalment: number; bookingIds: string[]; tutorId: string; amountMinor: number; reference: string }, now = new Date(),
): Promise<InitializePaymentResponse> {
  if (!Number.isSafeInteger(purchase.amountMinor) || purchase.amountMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  const { reference, authorizationUrl } = await openProviderTransaction(
    user, purchase.planId, purchase.amountMinor, { planId: purchase.planId, instalment: String(purchase.instalment), tutorId: purchase.tutorId }, purchase.reference,
  );
  await createPaymentAttempt({
    reference, purpose: 'plan', planId: purchase.planId, instalment: purchase.instalment, bookingIds: purchase.bookingIds,
    studentId: user.id, tutorId: purchase.tutorId, amountMinor: purchase.amountMinor, currency: 'KES', status: 'initialized', createdAt: now.toISOString(),
  });
  return { authorizationUrl, reference };
}

/**
 * Starts paying a lesson pack by card. The packs service has checked the payer and priced the pack;
 * the reference is the pack's (PACK-{packId}-{attempt}).
 */
export async function initializePackPayment(
  user: AuthUser, purchase: { packId: string; lessons: number; tutorId: string; amountMinor: number; reference: string }, now = new Date(),
): Promise<InitializePaymentResponse> {
  if (!Number.isSafeInteger(purchase.amountMinor) || purchase.amountMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  const { reference, authorizationUrl } = await openProviderTransaction(
    user, purchase.packId, purchase.amountMinor, { packId: purchase.packId, lessons: String(purchase.lessons), tutorId: purchase.tutorId }, purchase.reference,
  );
  await createPaymentAttempt({
    reference, purpose: 'pack', packId: purchase.packId, lessons: purchase.lessons,
    studentId: user.id, tutorId: purchase.tutorId, amountMinor: purchase.amountMinor, currency: 'KES', status: 'initialized', createdAt: now.toISOString(),
  });
  return { authorizationUrl, reference };
}

/**
 * Opens a transaction with the provider under a fresh reference (a retried click can't be charged
 * under an old one). The provider first: its refusal leaves nothing behind. No payment can reach
 * the reference before its attempt exists, as the payer gets the URL only after it is written.
 */
async function openProviderTransaction(
  user: AuthUser, paidForId: string, amountMinor: number, metadata: Record<string, string>, givenReference?: string,
): Promise<{ reference: string; authorizationUrl: string }> {
  const student = await getProfile(user.id);
  if (!student) throw new NotFound('Profile not found');
  const reference = givenReference ?? `ALP-${paidForId.slice(0, 8)}-${randomBytes(6).toString('hex')}`;
  try {
    const { authorizationUrl } = await paymentProvider().initialize({
      reference, email: student.email, amountMinor, currency: 'KES',
      callbackUrl: `${config.appOrigin}/payment-callback`, channels: ['card', 'mobile_money'], metadata,
    });
    return { reference, authorizationUrl };
  } catch (error) {
    if (error instanceof PaystackError) throw new ProviderFailed('payment_provider_failed', paymentMessages.initializeFailed);
    throw error;
  }
}

/** Once the plan is active, each later instalment's lessons stay held until the grace after its own charge date. */
async function holdLaterLessons(planId: string): Promise<void> {
  const plan = await getPlan(planId);
  if (plan) await holdUnpaidLessons(laterHolds(plan));
}

async function publishConfirmed(attempt: PaymentAttempt, paidAt: string): Promise<void> {
  const common = {
    studentId: attempt.studentId, tutorId: attempt.tutorId, reference: attempt.reference,
    amountMinor: attempt.amountMinor, currency: 'KES' as const, occurredAt: paidAt,
  };
  if (attempt.purpose === 'plan') {
    // The later instalments' lessons are held until their own charge dates before anyone hears
    // of the payment; a replay (event unpublished) finishes both.
    await holdLaterLessons(attempt.planId);
    await publishEvent('PaymentConfirmed', { ...common, purpose: 'plan', planId: attempt.planId, instalment: attempt.instalment, bookingIds: attempt.bookingIds });
  } else if (attempt.purpose === 'pack') {
    await publishEvent('PaymentConfirmed', { ...common, purpose: 'pack', packId: attempt.packId, lessons: attempt.lessons });
  } else {
    await publishEvent('PaymentConfirmed', attempt.purpose === 'course'
      ? { ...common, purpose: 'course', courseId: attempt.courseId, ...(attempt.learnerId ? { learnerId: attempt.learnerId } : {}) }
      : { ...common, purpose: 'lesson', bookingId: attempt.bookingId });
  }
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
  const found = attempt.purpose === 'lesson' ? await getBooking(attempt.bookingId) : null;
  if (attempt.purpose === 'lesson' && !found) return 'unknown_reference';

  if (txn.status !== 'success') {
    if (txn.status === 'failed' || txn.status === 'reversed') {
      await setAttemptStatus(attempt.reference, 'failed');
      if (attempt.purpose === 'lesson') await markBookingPaymentFailed(attempt.bookingId);
      return 'failed';
    }
    return 'pending';
  }
  if (attempt.status === 'success') {
    // A replay (webhook retry, or verify after the webhook): nothing to write. Only finish the
    // publishing if the first delivery committed but did not get to it.
    if (attempt.eventPublished === false) await publishConfirmed(attempt, attempt.paidAt ?? now.toISOString());
    return 'already_confirmed';
  }
  if (txn.amountMinor !== attempt.amountMinor || txn.currency !== attempt.currency) {
    // Money moved, but not the price: keep the record, confirm neither the lesson nor the enrolment.
    logger.error('Payment amount or currency does not match what was paid for', {
      reference: attempt.reference, expected: attempt.amountMinor, got: txn.amountMinor, currency: txn.currency,
    });
    // Counted once per attempt, not per webhook retry.
    if (attempt.status !== 'amount_mismatch') countBusinessEvent(BusinessMetric.paymentAmountMismatch);
    await setAttemptStatus(attempt.reference, 'amount_mismatch', { providerAmountMinor: txn.amountMinor, providerCurrency: txn.currency });
    return 'amount_mismatch';
  }

  const paidAt = txn.paidAt ? new Date(txn.paidAt).toISOString() : now.toISOString();
  const paid = { at: paidAt, ...(txn.channel ? { channel: txn.channel } : {}) };
  const result = attempt.purpose === 'course'
    ? await confirmCoursePayment(attempt, paid)
    : attempt.purpose === 'plan'
      ? await confirmPlanPayment(attempt, await getBookings(attempt.bookingIds), paid)
      : attempt.purpose === 'pack'
        ? await confirmPackPayment(attempt, paid)
        : await confirmPayment(attempt, found!, found!.lockedHours, paid);
  const planStatus = attempt.purpose === 'plan' && result !== 'confirmed' && result !== 'already_confirmed' ? (await getPlan(attempt.planId))?.status : undefined;
  if (planStatus === 'declined' || planStatus === 'ended') {
    // The tutor declined the plan, or the family ended it, while the family was paying: nothing
    // of it is paid, and the money goes back at once, whole (the refund is asked once however often this runs).
    if (attempt.status !== 'needs_refund') countBusinessEvent(BusinessMetric.paymentNeedsRefund);
    await setAttemptStatus(attempt.reference, 'needs_refund', { paidAt });
    await refundPayment({
      reference: attempt.reference, by: 'system',
      reason: planStatus === 'declined' ? 'Paid after the tutor declined the weekly plan' : 'Paid after the family ended the weekly plan',
    });
    return 'hold_lost';
  }
  switch (result) {
    case 'confirmed':
      countBusinessEvent(BusinessMetric.paymentConfirmed);
      await publishConfirmed(attempt, paidAt);
      return 'confirmed';
    case 'already_confirmed':
      // Confirmed concurrently by another delivery, which publishes the event.
      return 'already_confirmed';
    case 'already_enrolled':
    case 'instalment_paid_elsewhere':
    case 'pack_paid_elsewhere':
    case 'booking_paid_elsewhere':
      if (attempt.status !== 'duplicate') countBusinessEvent(BusinessMetric.paymentNeedsRefund);
      await setAttemptStatus(attempt.reference, 'duplicate', { paidAt });
      logger.error('A second payment arrived for something already paid; refund it', { reference: attempt.reference });
      return 'duplicate';
    case 'hold_lost':
      if (attempt.status !== 'needs_refund') countBusinessEvent(BusinessMetric.paymentNeedsRefund);
      await setAttemptStatus(attempt.reference, 'needs_refund', { paidAt });
      if (attempt.purpose === 'plan') {
        // A lesson of the instalment lost its hour: nothing of it is paid (the confirmation is one
        // transaction), so the money goes back whole, at once (asked once however often this runs).
        logger.warn('A plan instalment was paid after one of its lessons lost its hour; refunding it', { reference: attempt.reference, planId: attempt.planId });
        await refundPayment({ reference: attempt.reference, by: 'system', reason: 'Paid after a lesson of the weekly plan lost its hour' });
        return 'hold_lost';
      }
      if ((await getBooking(found!.id))?.status === 'cancelled') {
        // The student released the booking while paying: the money goes back at once, never lost.
        await refundPayment({ reference: attempt.reference, by: 'system', reason: 'Paid after the booking was cancelled' });
        return 'hold_lost';
      }
      logger.error('Paid after the hold expired and the time was taken; refund it', { reference: attempt.reference, bookingId: found!.id });
      return 'hold_lost';
  }
}

/** Where the payer's money went, as the booking or enrolment stands after a verification. */
async function paymentStatusOf(attempt: PaymentAttempt, confirmed: boolean): Promise<VerifyPaymentResponse['paymentStatus']> {
  if (confirmed) return 'paid';
  if (attempt.purpose === 'plan') {
    const instalment = (await getPlan(attempt.planId))?.instalments.find((i) => i.number === attempt.instalment);
    if (instalment?.status === 'paid') return 'paid';
  }
  if (attempt.purpose === 'pack' && (await getPack(attempt.packId))?.status === 'active') return 'paid';
  if (attempt.purpose === 'lesson') return (await getBooking(attempt.bookingId))?.paymentStatus ?? 'pending';
  return (await getPaymentAttempt(attempt.reference))?.status === 'failed' ? 'failed' : 'pending';
}

/**
 * What the payment bought, from its own record (and, for a lesson, its booking as it stands now):
 * the callback page shows this, not anything the URL says. Pay again only for the payer's own
 * lesson whose hold is still running unpaid; otherwise the page offers to book again.
 */
async function purchaseSummary(attempt: PaymentAttempt, viewerId: string, confirmed: boolean, now = new Date()): Promise<PaymentSummary> {
  const tutor = await getProfile(attempt.tutorId);
  // The attempt was read before this verification confirmed it: its paidAt is read again then.
  const paidAt = attempt.paidAt ?? (confirmed ? (await getPaymentAttempt(attempt.reference))?.paidAt : undefined);
  const common = {
    reference: attempt.reference, amountMinor: attempt.amountMinor, currency: attempt.currency, tutorId: attempt.tutorId,
    tutorName: tutor ? `${tutor.firstName} ${tutor.lastName}`.trim() : '', ...(paidAt ? { paidAt } : {}),
  };
  if (attempt.purpose === 'course') {
    return { ...common, kind: 'course', ...(attempt.courseTitle ? { courseTitle: attempt.courseTitle } : {}), canPayAgain: false };
  }
  if (attempt.purpose === 'plan') {
    // The plan's page offers paying again (a new attempt), not this callback.
    const plan = await getPlan(attempt.planId);
    return { ...common, kind: 'plan', ...(plan ? { subject: plan.subject } : {}), lessonCount: attempt.bookingIds.length, canPayAgain: false };
  }
  if (attempt.purpose === 'pack') {
    // The pack's checkout offers paying again (a new attempt), not this callback.
    const pack = await getPack(attempt.packId);
    return { ...common, kind: 'pack', ...(pack ? { subject: pack.subject, durationMinutes: pack.durationMinutes } : {}), lessonCount: attempt.lessons, canPayAgain: false };
  }
  const found = await getBooking(attempt.bookingId);
  if (!found) return { ...common, kind: 'lesson', canPayAgain: false };
  const booking = effectiveBooking(found, now);
  return {
    ...common, kind: 'lesson', subject: booking.subject, scheduledAt: booking.scheduledAt, durationMinutes: booking.durationMinutes,
    canPayAgain: booking.studentId === viewerId && booking.status === 'pending' && booking.paymentStatus !== 'paid',
  };
}

export async function verifyPayment(user: AuthUser, reference: string): Promise<VerifyPaymentResponse> {
  const attempt = await getPaymentAttempt(reference);
  if (!attempt) throw new NotFound(paymentMessages.unknownReference);
  if (attempt.studentId !== user.id && attempt.tutorId !== user.id) throw new Forbidden(bookingMessages.notYours);
  const txn = await paymentProvider().verify(reference);
  const outcome = txn ? await applyProviderTransaction(txn, new Date(), attempt) : 'pending';
  const confirmed = outcome === 'confirmed' || outcome === 'already_confirmed';
  // Only the other outcomes need the booking's state (e.g. paid under another reference).
  const paymentStatus = await paymentStatusOf(attempt, confirmed);
  const paidFor = {
    ...(attempt.purpose === 'course' ? { courseId: attempt.courseId } : attempt.purpose === 'plan' ? { planId: attempt.planId }
      : attempt.purpose === 'pack' ? { packId: attempt.packId } : { bookingId: attempt.bookingId }),
    summary: await purchaseSummary(attempt, user.id, confirmed),
  };
  if (confirmed) {
    const message = attempt.purpose === 'course' ? paymentMessages.enrolled : attempt.purpose === 'plan' ? planMessages.planPaid
      : attempt.purpose === 'pack' ? packMessages.packPaid : paymentMessages.verified;
    return { status: 'success', paymentStatus, ...paidFor, message };
  }
  if (outcome === 'amount_mismatch') {
    return { status: 'failed', paymentStatus, ...paidFor, message: paymentMessages.amountMismatch };
  }
  if (outcome === 'pending') {
    return { status: 'pending', paymentStatus, ...paidFor, message: paymentMessages.pending };
  }
  return { status: 'failed', paymentStatus, ...paidFor, message: paymentMessages.failed };
}

/** The body as a transfer.* event (payouts), or null when it is another event (or unreadable). */
function transferEvent(rawBody: string): PaystackTransferWebhook | null {
  try {
    const parsed = PaystackTransferWebhook.safeParse(JSON.parse(rawBody));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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

/** Paystack webhook: signature first (401), then charge.success, refund.* and transfer.* (payouts); other events are acknowledged. */
export async function handlePaystackWebhook(rawBody: string, signature: string | undefined): Promise<PaymentOutcome | RefundOutcome | PayoutOutcome | 'ignored'> {
  if (!(await paymentProvider().isValidWebhookSignature(rawBody, signature))) throw new NotAuthenticated('Invalid signature');
  const transfer = transferEvent(rawBody);
  if (transfer) return applyTransferWebhook(transfer);
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
