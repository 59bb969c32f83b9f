/**
 * Payout details: where a tutor's money goes. Shared by the API and the SPA's
 * form (the same messages on both sides). The answer never carries the full number: the server
 * keeps only Paystack's recipient code and a mask.
 */
import * as z from 'zod';
import { userText } from '../shared/text.js';
import { PAYOUT_METHODS } from './keys.js';
import { normalizeKenyanMobile } from '../shared/phone.js';
import { INVALID_MPESA_NUMBER } from './phone.js';

export const payoutMessages = {
  mpesaNumber: INVALID_MPESA_NUMBER,
  accountName: 'Enter the name on the account',
  bank: 'Choose your bank',
  accountNumber: 'Enter your account number (digits only, 6 to 20)',
  password: 'Enter your password to confirm',
  wrongPassword: 'That password is not right. Your payout details were not changed.',
  unknownBank: 'Choose your bank from the list',
  providerRefused: 'Paystack could not use these details. Check them and try again.',
  providerDown: 'We could not reach Paystack. Nothing was changed; please try again in a few minutes.',
} as const;

const accountName = userText({ error: payoutMessages.accountName }).trim().min(2, payoutMessages.accountName).max(100, payoutMessages.accountName);
/** The current password, checked with Cognito on every add and change (never stored, never logged). */
const password = z.string({ error: payoutMessages.password }).min(1, payoutMessages.password).max(256, payoutMessages.password);

export const MpesaDetails = z.object({
  method: z.literal('mpesa'),
  /** Any Kenyan way of writing it (07…, 01…, 254…, +254…, spaces and dashes); the server normalises it. */
  phoneNumber: z.string({ error: payoutMessages.mpesaNumber }).max(30, payoutMessages.mpesaNumber)
    .refine((value) => normalizeKenyanMobile(value) !== null, payoutMessages.mpesaNumber),
  accountName,
  password,
});

export const BankDetails = z.object({
  method: z.literal('bank'),
  /** A code from GET /api/payouts/banks (Paystack's list of Kenyan banks). */
  bankCode: z.string({ error: payoutMessages.bank }).trim().min(1, payoutMessages.bank).max(20, payoutMessages.bank),
  accountNumber: z.string({ error: payoutMessages.accountNumber }).transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{6,20}$/, payoutMessages.accountNumber)),
  accountName,
  password,
});

export const SetPayoutDetailsRequest = z.discriminatedUnion('method', [MpesaDetails, BankDetails], {
  error: 'Choose M-Pesa or a bank account',
});
export type SetPayoutDetailsRequest = z.input<typeof SetPayoutDetailsRequest>;

/** What the tutor sees of their details. */
export const PayoutDetails = z.object({
  method: z.enum(PAYOUT_METHODS),
  /** "07•• ••• 678" or "••••5678". */
  maskedNumber: z.string(),
  accountName: z.string(),
  /** "M-Pesa" or the bank's name. */
  institution: z.string(),
  updatedAt: z.string(),
});
export type PayoutDetails = z.infer<typeof PayoutDetails>;

export const MyPayoutDetails = z.object({ details: PayoutDetails.nullable() });
export type MyPayoutDetails = z.infer<typeof MyPayoutDetails>;

export const PayoutBank = z.object({ code: z.string(), name: z.string() });
export type PayoutBank = z.infer<typeof PayoutBank>;
export const PayoutBanks = z.object({ banks: z.array(PayoutBank) });
export type PayoutBanks = z.infer<typeof PayoutBanks>;
