/**
 * Paying for a lesson or a course by M-Pesa prompt, without leaving the page: the prompt is pushed to the
 * payer's phone (Paystack Charge API) and the page polls our API, which asks Paystack no more
 * often than every 10 s; the charge.success webhook confirms as for every payment. Each prompt is
 * an attempt of its own under a fresh reference, written BEFORE the prompt is sent: a payer can
 * enter the PIN the moment it shows, and money must never reach a reference we do not know.
 * Value (the paid booking, the enrolment) is given only by applyProviderTransaction, once whatever races it.
 *
 * Paybill (`method: "paybill"`, Paystack's M-Pesa offline, offered after two failed prompts) is
 * the same attempt without a push: Paystack answers with our Paybill business number and an
 * account reference, the payer pays them from M-Pesa's menu, and the page waits as for a prompt.
 * A prompt answered late after a Paybill payment is a second payment for a paid lesson (or an
 * enrolment made): the confirmation marks it a duplicate to refund, never a second purchase.
 */
import { randomBytes } from 'node:crypto';
import { paymentMessages } from '../bookings/messages.js';
import { getProfile } from '../profiles/service.js';
import { BusinessRuleViolated, NotFound, ProviderFailed } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import type { MpesaPromptResponse, MpesaPromptState } from './contract.js';
import type { CoursePaymentAttempt, LessonPaymentAttempt, PackPaymentAttempt, PaymentAttempt, PlanPaymentAttempt } from './keys.js';
import {
  mayCheckPrompt, PROMPT_CHECK_INTERVAL_MS, promptFailure, promptTimedOut, type PromptFailure,
} from './mpesa-rules.js';
import { maskMobile, normalizeKenyanMobile } from '../shared/phone.js';
import { paymentProvider, PaystackError } from './paystack.js';
import { claimPromptCheck, createPaymentAttempt, getPaymentAttempt, notePaybill, notePromptFailure, setAttemptStatus } from './repository.js';
import { applyProviderTransaction, payableBooking, recordLessonAttempt } from './service.js';

/** How the payer pays without leaving the page: the prompt (default), or Paybill's details. */
export interface PromptInput { phone: string; method?: 'prompt' | 'paybill' | undefined }

/**
 * What a prompt pays for, as its attempt records it (each attempt adds its own reference, status
 * and prompt fields). The caller has checked it may be paid for and read its amount itself.
 */
export type PromptPurchase =
  | Omit<LessonPaymentAttempt, AttemptOwn>
  | Omit<CoursePaymentAttempt, AttemptOwn>
  | Omit<PlanPaymentAttempt, AttemptOwn>
  | Omit<PackPaymentAttempt, AttemptOwn>;
type AttemptOwn = 'reference' | 'status' | 'createdAt' | 'channel' | 'promptedAt' | 'promptPhone';

/** Pushes a prompt for the caller's booking to `phone`; the answer says it is waiting (or why it failed at once). */
export async function sendMpesaPrompt(
  user: AuthUser, input: PromptInput & { bookingId: string }, now = new Date(),
): Promise<MpesaPromptResponse> {
  const phone = promptPhone(input.phone);
  const booking = await payableBooking(user, input.bookingId, now);
  return pushMpesaCharge(user, {
    purpose: 'lesson', bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId,
    amountMinor: booking.amountMinor, currency: 'KES',
  }, { phone, method: input.method }, now);
}

/**
 * Pushes a prompt for a course enrolment. The courses service has checked who may enrol and passes
 * the course's own price: nothing of the amount comes from the request. `learnerId`: the caller's
 * child (checked by the caller) who is enrolled once it is paid.
 */
export async function sendCourseMpesaPrompt(
  user: AuthUser, course: { id: string; tutorId: string; priceMinor: number; title?: string }, input: PromptInput,
  learnerId?: string, now = new Date(),
): Promise<MpesaPromptResponse> {
  const phone = promptPhone(input.phone);
  if (!Number.isSafeInteger(course.priceMinor) || course.priceMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  return pushMpesaCharge(user, {
    purpose: 'course', courseId: course.id, studentId: user.id, tutorId: course.tutorId, amountMinor: course.priceMinor, currency: 'KES',
    ...(course.title ? { courseTitle: course.title } : {}), ...(learnerId ? { learnerId } : {}),
  }, { phone, method: input.method }, now);
}

/**
 * Pushes a prompt for a plan's instalment. The plans service has checked the payer, that this
 * instalment may be paid now and read its amount from the plan; `reference` is the instalment's
 * (PLAN-{planId}-{n}-{attempt}), a fresh one per attempt.
 */
export async function sendPlanMpesaPrompt(
  user: AuthUser, purchase: { planId: string; instalment: number; bookingIds: string[]; tutorId: string; amountMinor: number; reference: string },
  input: PromptInput, now = new Date(),
): Promise<MpesaPromptResponse> {
  const phone = promptPhone(input.phone);
  if (!Number.isSafeInteger(purchase.amountMinor) || purchase.amountMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  const { reference, ...paidFor } = purchase;
  return pushMpesaCharge(user, { purpose: 'plan', ...paidFor, studentId: user.id, currency: 'KES' }, { phone, method: input.method }, now, reference);
}

/**
 * Pushes a prompt for a lesson pack. The packs service has checked the payer and that the pack
 * awaits payment and priced it; `reference` is the pack's (PACK-{packId}-{attempt}), fresh per attempt.
 */
export async function sendPackMpesaPrompt(
  user: AuthUser, purchase: { packId: string; lessons: number; tutorId: string; amountMinor: number; reference: string },
  input: PromptInput, now = new Date(),
): Promise<MpesaPromptResponse> {
  const phone = promptPhone(input.phone);
  if (!Number.isSafeInteger(purchase.amountMinor) || purchase.amountMinor <= 0) {
    throw new BusinessRuleViolated('amount_not_payable', paymentMessages.amountNotPayable);
  }
  const { reference, ...paidFor } = purchase;
  return pushMpesaCharge(user, { purpose: 'pack', ...paidFor, studentId: user.id, currency: 'KES' }, { phone, method: input.method }, now, reference);
}

function promptPhone(typed: string): string {
  const phone = normalizeKenyanMobile(typed);
  // The contract refused it already; a caller of the service gets the same answer.
  if (!phone) throw new NotFound(paymentMessages.phoneInvalid);
  return phone;
}

/** The prompt (or Paybill charge) for whatever is paid for, under a fresh reference written before anything is pushed. */
async function pushMpesaCharge(
  user: AuthUser, purchase: PromptPurchase, input: PromptInput, now: Date, givenReference?: string,
): Promise<MpesaPromptResponse> {
  const { phone } = input;
  const paybill = input.method === 'paybill';
  const payer = await getProfile(user.id);
  if (!payer) throw new NotFound('Profile not found');
  const paidForId = purchase.purpose === 'course' ? purchase.courseId : purchase.purpose === 'plan' ? purchase.planId : purchase.purpose === 'pack' ? purchase.packId : purchase.bookingId;
  const reference = givenReference ?? `ALP-${paidForId.slice(0, 8)}-${randomBytes(6).toString('hex')}`;
  const masked = maskMobile(phone);
  const own = { reference, status: 'initialized', createdAt: now.toISOString(), channel: 'mobile_money', promptedAt: now.toISOString(), promptPhone: masked } as const;
  if (purchase.purpose === 'lesson') await recordLessonAttempt({ ...purchase, ...own });
  else await createPaymentAttempt({ ...purchase, ...own });
  const metadata: Record<string, string> = purchase.purpose === 'course'
    ? { courseId: purchase.courseId, tutorId: purchase.tutorId }
    : purchase.purpose === 'plan'
      ? { planId: purchase.planId, instalment: String(purchase.instalment), tutorId: purchase.tutorId }
      : purchase.purpose === 'pack'
        ? { packId: purchase.packId, lessons: String(purchase.lessons), tutorId: purchase.tutorId }
        : { bookingId: purchase.bookingId, tutorId: purchase.tutorId };
  try {
    const answer = await paymentProvider().chargeMobileMoney({
      reference, email: payer.email, amountMinor: purchase.amountMinor, currency: 'KES', phone, provider: paybill ? 'mpesa_offline' : 'mpesa',
      metadata,
    });
    if (paybill) {
      // Without both there is nothing the payer could pay: the attempt ends and the page says so.
      if (answer.status === 'failed' || !answer.accountNumber || !answer.accountReference) {
        await setAttemptStatus(reference, 'failed', { promptFailure: 'declined' });
        throw new ProviderFailed('payment_provider_failed', paymentMessages.paybillFailed);
      }
      const details = { businessNumber: answer.accountNumber, accountReference: answer.accountReference };
      await notePaybill(reference, details);
      return { reference, state: 'waiting', phone: masked, retryAfterMs: PROMPT_CHECK_INTERVAL_MS, message: paymentMessages.paybillWaiting, paybill: details };
    }
    if (answer.status === 'failed') {
      const failure = promptFailure(answer.gatewayResponse);
      await setAttemptStatus(reference, 'failed', { promptFailure: failure });
      return { reference, state: failure, phone: masked };
    }
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    // No answer at all: the prompt may be on the phone; the page waits and asks as for any prompt.
    // (Paybill details that never arrived leave the payer nothing to pay: that attempt ends below.)
    if (error.httpStatus === undefined && !paybill) return { reference, state: 'waiting', phone: masked, retryAfterMs: PROMPT_CHECK_INTERVAL_MS, message: paymentMessages.promptSent };
    // Refused: no prompt (or Paybill) went out, the attempt ends here and the payer may try again.
    await setAttemptStatus(reference, 'failed', { promptFailure: 'declined' });
    throw new ProviderFailed('payment_provider_failed', paybill ? paymentMessages.paybillFailed : paymentMessages.promptFailed);
  }
  return { reference, state: 'waiting', phone: masked, retryAfterMs: PROMPT_CHECK_INTERVAL_MS, message: paymentMessages.promptSent };
}

/** Where the caller's prompt stands; asks the provider when it is still waiting and 10 s have passed. */
export async function mpesaPromptStatus(user: AuthUser, reference: string, now = new Date()): Promise<MpesaPromptResponse> {
  let attempt = await getPaymentAttempt(reference);
  // Another payer's reference is not theirs to know about: not found, as an unknown one.
  if (!attempt || attempt.studentId !== user.id || !attempt.promptedAt) throw new NotFound(paymentMessages.unknownReference);
  if (attempt.status === 'initialized' && mayCheckPrompt(attempt.promptCheckedAt, now)
    && await claimPromptCheck(reference, now, PROMPT_CHECK_INTERVAL_MS)) {
    attempt = await checkWithProvider(attempt, now);
  }
  const state = stateOf(attempt, now);
  const paybill = attempt.paybillNumber && attempt.paybillAccount
    ? { businessNumber: attempt.paybillNumber, accountReference: attempt.paybillAccount } : undefined;
  return {
    reference, state, phone: attempt.promptPhone ?? '',
    ...(state === 'waiting' ? { retryAfterMs: PROMPT_CHECK_INTERVAL_MS, message: paybill ? paymentMessages.paybillWaiting : paymentMessages.promptSent } : {}),
    ...(paybill ? { paybill } : {}),
  };
}

async function checkWithProvider(attempt: PaymentAttempt, now: Date): Promise<PaymentAttempt> {
  try {
    const txn = await paymentProvider().verify(attempt.reference);
    if (!txn) return attempt;
    await applyProviderTransaction(txn, now, attempt);
    if (txn.status === 'failed') await notePromptFailure(attempt.reference, promptFailure(txn.gatewayResponse));
  } catch (error) {
    // The page asks again; the webhook confirms regardless.
    if (!(error instanceof PaystackError)) throw error;
    logger.warn('Could not check an M-Pesa prompt with the provider', { reference: attempt.reference });
  }
  return (await getPaymentAttempt(attempt.reference)) ?? attempt;
}

function stateOf(attempt: PaymentAttempt, now: Date): MpesaPromptState {
  switch (attempt.status) {
    // A duplicate: paid twice (another way meanwhile); the lesson is paid and this payment is flagged to go back.
    case 'success':
    case 'duplicate':
      return 'paid';
    case 'failed':
      return (attempt.promptFailure as PromptFailure | undefined) ?? 'declined';
    case 'initialized':
      // A Paybill payment is made from the payer's own menu, at their pace: no prompt to expire.
      return !attempt.paybillNumber && promptTimedOut(attempt.promptedAt!, now) ? 'timeout' : 'waiting';
    default:
      return 'refunding';
  }
}
