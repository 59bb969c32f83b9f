/**
 * Verified phone numbers (docs/data-model.md):
 *   verified phone  pk USER#{userId}  sk PHONE        the account's one verified Kenyan mobile number
 *   phone owner     pk PHONE#{phone}  sk OWNER        which account a number is verified on (SMS
 *                                                     replies such as STOP arrive by number)
 * Numbers are stored as functions/shared/phone.ts normalizeKenyanMobile writes them (2547XXXXXXXX).
 */
import * as z from 'zod';
import { userPk } from '../profiles/keys.js';

export const verifiedPhoneKey = (userId: string) => ({ pk: userPk(userId), sk: 'PHONE' });
export const phoneOwnerKey = (phone: string) => ({ pk: `PHONE#${phone}`, sk: 'OWNER' });

export const VerifiedPhoneItem = z.object({
  userId: z.string(),
  /** 2547XXXXXXXX / 2541XXXXXXXX. */
  phone: z.string(),
  verifiedAt: z.string(),
});
export type VerifiedPhoneItem = z.infer<typeof VerifiedPhoneItem>;

export const PhoneOwnerItem = z.object({
  userId: z.string(),
  phone: z.string(),
});
export type PhoneOwnerItem = z.infer<typeof PhoneOwnerItem>;

/**
 *   phone code      pk USER#{userId}  sk PHONE_CODE   the one code waiting to be confirmed (a new one replaces it)
 * Only a salted hash of the code is kept; `expiresAt` is the table's TTL (a day after the code's
 * own end, so a late confirm hears "expired" rather than "ask for a code").
 */
export const phoneCodeKey = (userId: string) => ({ pk: userPk(userId), sk: 'PHONE_CODE' });

export const PhoneCodeItem = z.object({
  userId: z.string(),
  /** The number the code was sent to, 2547XXXXXXXX. */
  phone: z.string(),
  salt: z.string(),
  codeHash: z.string(),
  /** Wrong codes tried so far (functions/phones/rules.ts MAX_CODE_TRIES locks it). */
  wrongTries: z.number().int(),
  sentAt: z.string(),
  validUntil: z.string(),
  expiresAt: z.number().int(),
});
export type PhoneCodeItem = z.infer<typeof PhoneCodeItem>;
