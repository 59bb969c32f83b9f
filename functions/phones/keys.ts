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
