/** Phone number verification as the API speaks it. Shared by the API and the SPA. */
import * as z from 'zod';
import { normalizeKenyanMobile } from '../shared/phone.js';
import { CODE_DIGITS, phoneMessages } from './rules.js';

export const RequestPhoneCode = z.object({
  phone: z.string({ error: phoneMessages.invalidPhone }).max(30, phoneMessages.invalidPhone)
    .refine((phone) => normalizeKenyanMobile(phone) !== null, phoneMessages.invalidPhone),
});
export type RequestPhoneCode = z.infer<typeof RequestPhoneCode>;

export const ConfirmPhoneCode = z.object({
  code: z.string({ error: phoneMessages.invalidCode }).trim().regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), phoneMessages.invalidCode),
});
export type ConfirmPhoneCode = z.infer<typeof ConfirmPhoneCode>;

export const VerifiedPhone = z.object({
  /** 2547XXXXXXXX: the owner sees their whole number (the M-Pesa prompt is prefilled with it). */
  phone: z.string(),
  /** "07•• ••• 678" */
  masked: z.string(),
  verifiedAt: z.string(),
});
export type VerifiedPhone = z.infer<typeof VerifiedPhone>;

export const PendingPhoneCode = z.object({
  masked: z.string(),
  validUntil: z.string(),
  triesLeft: z.number().int(),
});
export type PendingPhoneCode = z.infer<typeof PendingPhoneCode>;

export const MyPhone = z.object({
  verified: VerifiedPhone.nullable(),
  /** A code sent and not yet confirmed (absent once confirmed, expired a day ago, or never asked). */
  pending: PendingPhoneCode.nullable(),
});
export type MyPhone = z.infer<typeof MyPhone>;

export const PhoneCodeSent = z.object({ pending: PendingPhoneCode });
export type PhoneCodeSent = z.infer<typeof PhoneCodeSent>;

export const PhoneConfirmed = z.object({ verified: VerifiedPhone, message: z.string() });
export type PhoneConfirmed = z.infer<typeof PhoneConfirmed>;
