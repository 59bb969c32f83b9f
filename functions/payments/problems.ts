/**
 * Problem payments (money received that did not confirm a lesson) as super admins see them:
 * what happened and what to do, per kind. Contract shared by the API and the SPA.
 */
import * as z from 'zod';
import { kshMinor } from '../shared/display.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { badIdMessage } from '../shared/contract.js';

export const PROBLEM_KINDS = ['amount_mismatch', 'duplicate', 'needs_refund'] as const;
/**
 * Problems that are not payment attempts: a refund the provider refused (retried with the Refund
 * action); what Paystack did that the ledger does not record the same way (functions/ledger
 * reconcile-service.ts), a transfer it paid after it was recorded failed among them.
 */
export const LISTED_PROBLEM_KINDS = [...PROBLEM_KINDS, 'refund_failed', 'provider_mismatch'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const isProblemKind = (status: string): status is ProblemKind => (PROBLEM_KINDS as readonly string[]).includes(status);

export const PaymentProblem = z.object({
  reference: z.string(),
  kind: z.enum(LISTED_PROBLEM_KINDS),
  /** What happened, in a few words. */
  title: z.string(),
  /** What a super admin should do about it. */
  action: z.string(),
  /** What was paid for: a booking, or a course enrolment. */
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  payer: z.object({ id: z.string(), name: z.string(), email: z.string().optional() }),
  /** Whose lesson or course it was (absent where the payer is the tutor: a transfer's mismatch). */
  tutorName: z.string().optional(),
  /** The booked lesson's subject and start, or the course's title, so the row names what was bought. */
  lessonSubject: z.string().optional(),
  lessonAt: z.string().optional(),
  courseTitle: z.string().optional(),
  /** The booking's price, KES cents. */
  expectedMinor: z.number(),
  /** What the provider reports as paid, in `paidCurrency` minor units. */
  paidMinor: z.number(),
  paidCurrency: z.string(),
  flaggedAt: z.string(),
});
export type PaymentProblem = z.infer<typeof PaymentProblem>;

export const PaymentProblemsQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type PaymentProblemsQuery = z.infer<typeof PaymentProblemsQuery>;

export const PaymentProblemsResponse = z.object({ problems: z.array(PaymentProblem), nextCursor: z.string().optional() });
export type PaymentProblemsResponse = z.infer<typeof PaymentProblemsResponse>;

export const ResolvePaymentProblemRequest = z.object({
  note: z.string({ error: 'Add a note' }).trim().min(1, 'Add a note: what was done').max(500, 'At most 500 characters'),
});
export type ResolvePaymentProblemRequest = z.infer<typeof ResolvePaymentProblemRequest>;
export const ResolvePaymentProblemResponse = z.object({ message: z.string() });

export const paymentProblemMessages = {
  notFound: 'No payment with this reference.',
  notAProblem: 'This payment needs nothing from you.',
  alreadyResolved: 'This payment problem was already resolved.',
  resolved: 'Marked as resolved.',
} as const;

/**
 * What happened and what to do, per kind (`…Title`, then the action with its values). Texts the
 * API sends, so the server's catalog translates them (problems-service.ts).
 */
export const problemMessages = {
  refundFailedTitle: 'Refund failed at Paystack',
  refundFailed: (paid: string, reference: string) =>
    `Retry the refund of ${paid} (reference ${reference}) here or under Transactions. If it fails again, refund it in the Paystack dashboard and tell the payer.`,
  refundFailedSaid: (paid: string, reference: string, said: string) =>
    `Retry the refund of ${paid} (reference ${reference}) here or under Transactions; Paystack said: ${said}. If it fails again, refund it in the Paystack dashboard and tell the payer.`,
  needsRefundTitle: 'Paid after the hold expired; the time was taken',
  needsRefund: (paid: string, reference: string) =>
    `Refund ${paid} in the Paystack dashboard (reference ${reference}), and let the payer know the lesson time was no longer free.`,
  duplicateTitle: 'Second payment for a booking already paid',
  duplicate: (paid: string, reference: string) =>
    `Refund ${paid} in the Paystack dashboard (reference ${reference}): the booking was already paid under another reference.`,
  duplicateCourseTitle: 'Second payment for a course enrolment already paid',
  duplicateCourse: (paid: string, reference: string) =>
    `Refund ${paid} in the Paystack dashboard (reference ${reference}): the student was already enrolled in this course under another payment, and stays enrolled.`,
  amountMismatchTitle: 'Paid amount differs from the booking',
  amountMismatch: (paid: string, expected: string, reference: string) =>
    `Check the amount with the payer: they paid ${paid}, the booking costs ${expected}. The lesson is not confirmed; refund ${paid} in the Paystack dashboard (reference ${reference}) and ask them to book again.`,
  amountMismatchCourseTitle: 'Paid amount differs from the course price',
  amountMismatchCourse: (paid: string, expected: string, reference: string) =>
    `Check the amount with the payer: they paid ${paid}, the course costs ${expected}. The student is not enrolled; refund ${paid} in the Paystack dashboard (reference ${reference}) and ask them to pay for the course again.`,
  unknownPayer: 'Unknown payer',
  mismatchMissingTitle: 'Paystack moved money our records do not show',
  mismatchMissing: (paid: string, reference: string, what: string) =>
    `Paystack reports ${paid} under reference ${reference} (${what}) and our records have no match. Compare it in the Paystack dashboard, then correct the records or recover the money.`,
  mismatchAmountTitle: 'Paystack and our records differ on an amount',
  mismatchAmount: (paid: string, reference: string, what: string, recorded: string) =>
    `Paystack reports ${paid} under reference ${reference} (${what}); our records say ${recorded}. Compare it in the Paystack dashboard, then correct the records or recover the money.`,
  paidAfterFailureTitle: 'Paystack paid a transfer recorded as failed',
  paidAfterFailure: (paid: string, reference: string) =>
    `Paystack completed transfer ${reference} of ${paid} after it was recorded as failed; it now counts as paid out to the tutor. If a retry paid the tutor again, recover the second amount from them.`,
  /** What the provider's reference names, in the mismatch's action. */
  source: { charge: 'a payment', refund: 'a refund', transfer: 'a transfer' },
} as const;

/** A provider mismatch (functions/ledger keys ProviderMismatch) in plain words. */
export function describeMismatch(
  m: { reference: string; source: keyof typeof problemMessages.source; kind: 'missing' | 'amount' | 'paid_after_failure'; providerMinor: number; recordedMinor: number },
  language: Language = DEFAULT_LANGUAGE,
): { title: string; action: string } {
  const paid = kshMinor(m.providerMinor, 'KES', language);
  const pm = problemMessages;
  const what = pm.source[m.source];
  if (m.kind === 'paid_after_failure') return { title: pm.paidAfterFailureTitle, action: pm.paidAfterFailure(paid, m.reference) };
  if (m.kind === 'amount') return { title: pm.mismatchAmountTitle, action: pm.mismatchAmount(paid, m.reference, what, kshMinor(m.recordedMinor, 'KES', language)) };
  return { title: pm.mismatchMissingTitle, action: pm.mismatchMissing(paid, m.reference, what) };
}

/**
 * What happened and what to do, in plain words (amounts formatted in `language`, reference
 * included), for what was paid for: a booked lesson (`purpose` absent on older attempts) or a course.
 */
export function describeProblem(
  kind: Exclude<(typeof LISTED_PROBLEM_KINDS)[number], 'provider_mismatch'>,
  p: { reference: string; expectedMinor: number; paidMinor: number; paidCurrency: string; providerMessage?: string; purpose?: 'lesson' | 'course' },
  language: Language = DEFAULT_LANGUAGE,
): { title: string; action: string } {
  const course = p.purpose === 'course';
  const paid = kshMinor(p.paidMinor, p.paidCurrency, language);
  const m = problemMessages;
  switch (kind) {
    case 'refund_failed':
      return {
        title: m.refundFailedTitle,
        action: p.providerMessage ? m.refundFailedSaid(paid, p.reference, p.providerMessage) : m.refundFailed(paid, p.reference),
      };
    case 'needs_refund':
      return { title: m.needsRefundTitle, action: m.needsRefund(paid, p.reference) };
    case 'duplicate':
      return course
        ? { title: m.duplicateCourseTitle, action: m.duplicateCourse(paid, p.reference) }
        : { title: m.duplicateTitle, action: m.duplicate(paid, p.reference) };
    case 'amount_mismatch': {
      const expected = kshMinor(p.expectedMinor, 'KES', language);
      return course
        ? { title: m.amountMismatchCourseTitle, action: m.amountMismatchCourse(paid, expected, p.reference) }
        : { title: m.amountMismatchTitle, action: m.amountMismatch(paid, expected, p.reference) };
    }
  }
}

/** Paystack allows letters, digits, '-', '.' and '=' in a payment reference (ours: ALP-…), and '_' in a transfer's (payout_…). */
export const PaymentProblemParams = z.object({
  reference: z.string().regex(/^[A-Za-z0-9._=-]{1,100}$/, badIdMessage('payment')),
});

/** POST /api/admin/transactions/{reference}/refund: a super admin refunds a payment in full, saying why (audited). */
export const RefundTransactionRequest = z.object({
  reason: z.string({ error: 'Say why you refund it' }).trim().min(3, 'Say why you refund it').max(500, 'At most 500 characters'),
});
export type RefundTransactionRequest = z.infer<typeof RefundTransactionRequest>;
export const RefundTransactionResponse = z.object({
  message: z.string(), refund: z.object({ status: z.enum(['requested', 'pending', 'processed', 'failed']), requestedAt: z.string() }),
});
export type RefundTransactionResponse = z.infer<typeof RefundTransactionResponse>;

/** The transactions list's status filter: payments not refunded, and each refund state. */
export const TRANSACTION_STATUS_FILTERS = ['paid', 'refund_pending', 'refunded', 'refund_failed'] as const;
export type TransactionStatusFilter = (typeof TRANSACTION_STATUS_FILTERS)[number];
