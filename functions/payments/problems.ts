/**
 * Problem payments (money received that did not confirm a lesson) as super admins see them:
 * what happened and what to do, per kind. Contract shared by the API and the SPA.
 */
import * as z from 'zod';
import { kshMinor } from '../shared/display.js';
import { badIdMessage } from '../shared/contract.js';

export const PROBLEM_KINDS = ['amount_mismatch', 'duplicate', 'needs_refund'] as const;
/** Problems that are not payment attempts: a refund the provider refused (retried with the Refund action). */
export const LISTED_PROBLEM_KINDS = [...PROBLEM_KINDS, 'refund_failed'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const isProblemKind = (status: string): status is ProblemKind => (PROBLEM_KINDS as readonly string[]).includes(status);

export const PaymentProblem = z.object({
  reference: z.string(),
  kind: z.enum(LISTED_PROBLEM_KINDS),
  /** What happened, in a few words. */
  title: z.string(),
  /** What a super admin should do about it. */
  action: z.string(),
  /** What was paid for: a booking, or a course enrolment (issue 12). */
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  payer: z.object({ id: z.string(), name: z.string(), email: z.string().optional() }),
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

/** What happened and what to do, in plain words (amounts formatted, reference included). */
export function describeProblem(
  kind: (typeof LISTED_PROBLEM_KINDS)[number], p: { reference: string; expectedMinor: number; paidMinor: number; paidCurrency: string; providerMessage?: string },
): { title: string; action: string } {
  const paid = kshMinor(p.paidMinor, p.paidCurrency);
  switch (kind) {
    case 'refund_failed':
      return {
        title: 'Refund failed at Paystack',
        action: `Retry the refund of ${paid} (reference ${p.reference}) here or under Transactions${p.providerMessage ? `; Paystack said: ${p.providerMessage}` : ''}. `
          + 'If it fails again, refund it in the Paystack dashboard and tell the payer.',
      };
    case 'needs_refund':
      return {
        title: 'Paid after the hold expired; the time was taken',
        action: `Refund ${paid} in the Paystack dashboard (reference ${p.reference}), and let the payer know the lesson time was no longer free.`,
      };
    case 'duplicate':
      return {
        title: 'Second payment for a booking already paid',
        action: `Refund ${paid} in the Paystack dashboard (reference ${p.reference}): the booking was already paid under another reference.`,
      };
    case 'amount_mismatch':
      return {
        title: 'Paid amount differs from the booking',
        action: `Check the amount with the payer: they paid ${paid}, the booking costs ${kshMinor(p.expectedMinor)}. `
          + `The lesson is not confirmed; refund ${paid} in the Paystack dashboard (reference ${p.reference}) and ask them to book again.`,
      };
  }
}

/** Paystack allows letters, digits, '-', '.' and '=' in a reference (ours: ALP-…). */
export const PaymentProblemParams = z.object({
  reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/, badIdMessage('payment')),
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
