/**
 * Payout items in the single table (docs/data-model.md "Payouts"). Pure: keys, item builders and
 * the schemas items are parsed with when read.
 *   payout recipient  pk TUTOR#{tutorId}  sk PAYOUTRECIPIENT   where the tutor's money goes: the
 *                     provider's recipient code and a masked number, never the full number
 * Payouts themselves (one per transfer) are added next to it by the payouts work.
 */
import * as z from 'zod';
import { tutorPk } from '../tutors/keys.js';

export const PAYOUT_METHODS = ['mpesa', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const PayoutRecipient = z.object({
  tutorId: z.string(),
  method: z.enum(PAYOUT_METHODS),
  /** Paystack's transfer recipient code (RCP_…): all a transfer needs. */
  recipientCode: z.string(),
  /** What the tutor sees: "07•• ••• 678" (M-Pesa), "••••5678" (a bank account; `institution` names the bank). */
  maskedNumber: z.string(),
  /** Account holder's name as given (the bank or M-Pesa name). */
  accountName: z.string(),
  /** Bank name for bank accounts; "M-Pesa" for mobile money. */
  institution: z.string(),
  updatedAt: z.string(),
});
export type PayoutRecipient = z.infer<typeof PayoutRecipient>;

export const payoutRecipientKey = (tutorId: string) => ({ pk: tutorPk(tutorId), sk: 'PAYOUTRECIPIENT' });

export const payoutRecipientItem = (recipient: PayoutRecipient) => ({ ...payoutRecipientKey(recipient.tutorId), ...recipient });
