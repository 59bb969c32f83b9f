/**
 * Payout items in the single table (docs/data-model.md "Payouts"). Pure: keys, item builders and
 * the schemas items are parsed with when read.
 *   payout recipient  pk TUTOR#{tutorId}  sk PAYOUTRECIPIENT   where the tutor's money goes: the
 *                     provider's recipient code and a masked number, never the full number
 *   payout           pk PAYOUT#{reference}    sk PAYOUT      one transfer of a tutor's available money
 *                    gsi1 PAYOUTSTATUS#{status} / {createdAt}#{reference}   (admin lists, the run's re-sends)
 *                    gsi2 TUTORPAYOUTS#{tutorId} / {createdAt}#{reference}  (the tutor's history)
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

export const PAYOUT_STATUSES = ['processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_TRIGGERS = ['withdraw', 'weekly'] as const;

export const Payout = z.object({
  /** payout_{ulid}: Paystack's transfer reference, the same on every retry (Paystack dedupes by it). */
  reference: z.string(),
  tutorId: z.string(),
  amountMinor: z.number().int().positive(),
  /** processing: money in flight (sent, or to be sent again); paid; failed: money back in available. */
  status: z.enum(PAYOUT_STATUSES),
  trigger: z.enum(PAYOUT_TRIGGERS),
  recipientCode: z.string(),
  /** 1, then one more each time a failed payout is retried (ledger entry ids carry it). */
  attempt: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Paystack's TRF_… once it accepted the transfer. */
  transferCode: z.string().optional(),
  /** The transfer call failed (no answer, or an error): the payout is re-sent with its reference. */
  sendError: z.string().optional(),
  paidAt: z.string().optional(),
  failedAt: z.string().optional(),
  /** Paystack's reason for a failed or reversed transfer. */
  failureReason: z.string().optional(),
  /** The super admin who last retried it, and when (audit). */
  retriedBy: z.string().optional(),
  retriedAt: z.string().optional(),
});
export type Payout = z.infer<typeof Payout>;

export const payoutKey = (reference: string) => ({ pk: `PAYOUT#${reference}`, sk: 'PAYOUT' });
export const payoutStatusPartition = (status: PayoutStatus) => `PAYOUTSTATUS#${status}`;
export const tutorPayoutsPartition = (tutorId: string) => `TUTORPAYOUTS#${tutorId}`;

const indexes = (p: Pick<Payout, 'status' | 'createdAt' | 'reference' | 'tutorId'>) => ({
  gsi1pk: payoutStatusPartition(p.status), gsi1sk: `${p.createdAt}#${p.reference}`,
  gsi2pk: tutorPayoutsPartition(p.tutorId), gsi2sk: `${p.createdAt}#${p.reference}`,
});

/** A new payout, written with its ledger entry; never over another. */
export const payoutPut = (payout: Payout) => ({
  Put: { Item: { ...payoutKey(payout.reference), entity: 'Payout', ...payout, ...indexes(payout) }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/**
 * Moves a payout on from `from` (and its attempt: a webhook for an older attempt cannot move a
 * newer one), setting `changes` and removing `clear`; its status index follows.
 */
export function payoutUpdate(payout: Payout, from: PayoutStatus, changes: Partial<Payout>, clear: Array<keyof Payout> = []) {
  const status = changes.status ?? from;
  const sets = Object.entries({ ...changes, gsi1pk: payoutStatusPartition(status) }).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = { '#status': 'status', '#attempt': 'attempt' };
  const values: Record<string, unknown> = { ':from': from, ':attempt': payout.attempt };
  const parts = sets.map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  const removes = clear.map((name, i) => {
    names[`#r${i}`] = name;
    return `#r${i}`;
  });
  return {
    Update: {
      Key: payoutKey(payout.reference),
      UpdateExpression: `SET ${parts.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: '#status = :from AND #attempt = :attempt',
      ExpressionAttributeNames: names, ExpressionAttributeValues: values,
    },
  };
}
