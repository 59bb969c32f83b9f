/**
 * What the payout routes read and answer (zod; the SPA imports the types). Amounts are integer
 * minor units (KES cents).
 */
import * as z from 'zod';
import { PAYOUT_STATUSES, PAYOUT_TRIGGERS } from './keys.js';
import { PAYOUT_BLOCKS } from './rules.js';

const minor = z.number().int();

export const PayoutView = z.object({
  reference: z.string(),
  amountMinor: minor,
  status: z.enum(PAYOUT_STATUSES),
  trigger: z.enum(PAYOUT_TRIGGERS),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().optional(),
  failedAt: z.string().optional(),
  failureReason: z.string().optional(),
  /** The transfer call did not go through; it is sent again (weekly run, or a super admin's retry). */
  sendError: z.string().optional(),
  attempt: z.number().int(),
});
export type PayoutView = z.infer<typeof PayoutView>;

export const MyPayouts = z.object({
  minimumMinor: minor,
  availableMinor: minor,
  inFlightMinor: minor,
  /** Why Withdraw is not possible now (absent: it is). */
  blockedBy: z.enum(PAYOUT_BLOCKS).optional(),
  /** Where a payout goes (the saved details, masked), named in the Withdraw confirmation; absent without details. */
  destination: z.object({ institution: z.string(), maskedNumber: z.string() }).optional(),
  /** Newest first, at most 20. */
  payouts: z.array(PayoutView),
});
export type MyPayouts = z.infer<typeof MyPayouts>;

export const AdminPayoutView = PayoutView.extend({ tutorId: z.string(), tutorName: z.string(), retriedBy: z.string().optional(), retriedAt: z.string().optional() });
export type AdminPayoutView = z.infer<typeof AdminPayoutView>;

export const AdminPayoutsQuery = z.object({ status: z.enum(PAYOUT_STATUSES).default('failed') });
export const AdminPayouts = z.object({ payouts: z.array(AdminPayoutView) });
export type AdminPayouts = z.infer<typeof AdminPayouts>;

export const PayoutParams = z.object({ reference: z.string().min(1).max(64) });

/**
 * What a transfer.* webhook did (the Paystack webhook's receipt). payout_reconciled: Paystack paid
 * a transfer recorded as failed (now counted as paid out, and shown to super admins as a problem).
 */
export const PAYOUT_OUTCOMES = ['payout_paid', 'payout_failed', 'payout_reconciled', 'payout_unchanged', 'unknown_payout'] as const;
export type PayoutOutcome = (typeof PAYOUT_OUTCOMES)[number];
