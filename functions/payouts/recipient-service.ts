/**
 * Payout details: where a tutor's money goes. The number goes to Paystack once,
 * to create a transfer recipient; the table keeps only its code and a mask (keys.ts). Every add
 * or change asks for the password again and e-mails the tutor (PayoutDetailsChanged).
 */
import type * as z from 'zod';
import { isCurrentPassword } from '../auth/identity.js';
import { PaystackError, paymentProvider } from '../payments/paystack.js';
import type { NewTransferRecipient } from '../payments/provider.js';
import { getProfile } from '../profiles/service.js';
import { BusinessRuleViolated, DomainError, NotFound, ProviderFailed, ValidationFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import { logger } from '../shared/logger.js';
import type { PayoutRecipient } from './keys.js';
import { maskMobile, normalizeKenyanMobile } from '../shared/phone.js';
import { maskAccountNumber } from './phone.js';
import { getPayoutRecipient, putPayoutRecipient } from './recipients.js';
import { payoutMessages, type MyPayoutDetails, type PayoutBank, type PayoutDetails, type SetPayoutDetailsRequest } from './recipient-contract.js';

/** Paystack's M-Pesa "bank" for Kenyan mobile money recipients. */
const MPESA_BANK_CODE = 'MPESA';
const MPESA_NAME = 'M-Pesa';
/** Banks change rarely; one list per Lambda container for an hour spares Paystack a call per form. */
export const BANKS_CACHE_MS = 60 * 60 * 1000;

let bankCache: { at: number; banks: PayoutBank[] } | undefined;

function toDetails(recipient: PayoutRecipient): PayoutDetails {
  const { method, maskedNumber, accountName, institution, updatedAt } = recipient;
  return { method, maskedNumber, accountName, institution, updatedAt };
}

export async function myPayoutDetails(tutorId: string): Promise<MyPayoutDetails> {
  const recipient = await getPayoutRecipient(tutorId);
  return { details: recipient ? toDetails(recipient) : null };
}

/** Kenyan banks transfers can reach, by name (Paystack's list, cached). */
export async function payoutBanks(now = Date.now()): Promise<PayoutBank[]> {
  if (bankCache && now - bankCache.at < BANKS_CACHE_MS) return bankCache.banks;
  const banks = await providerCall(() => paymentProvider().listBanks({ country: 'kenya', currency: 'KES', type: 'kepss' }));
  const sorted = [...banks].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  bankCache = { at: now, banks: sorted };
  return sorted;
}

/** Paystack's refusals as the tutor should read them; nothing was stored when this throws. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaystackError)) throw error;
    if (error.retryable || error.httpStatus === undefined || error.httpStatus === 401) {
      throw new ProviderFailed('payout_provider_unavailable', payoutMessages.providerDown);
    }
    throw new BusinessRuleViolated('payout_details_refused', payoutMessages.providerRefused);
  }
}

type Request = z.output<typeof SetPayoutDetailsRequest>;

/** What Paystack needs and what we keep of it, for either method. */
async function recipientFor(request: Request): Promise<{ provider: NewTransferRecipient; maskedNumber: string; institution: string }> {
  if (request.method === 'mpesa') {
    // The contract has already refused anything else; this is the form Paystack wants.
    const number = normalizeKenyanMobile(request.phoneNumber);
    if (!number) throw new ValidationFailed(payoutMessages.mpesaNumber);
    return {
      provider: { type: 'mobile_money', name: request.accountName, accountNumber: number, bankCode: MPESA_BANK_CODE, currency: 'KES' },
      maskedNumber: maskMobile(number),
      institution: MPESA_NAME,
    };
  }
  const bank = (await payoutBanks()).find((b) => b.code === request.bankCode);
  if (!bank) throw new ValidationFailed(payoutMessages.unknownBank, { fields: [{ path: 'bankCode', message: payoutMessages.unknownBank }] });
  return {
    provider: { type: 'kepss', name: request.accountName, accountNumber: request.accountNumber, bankCode: bank.code, currency: 'KES' },
    maskedNumber: maskAccountNumber(request.accountNumber),
    institution: bank.name,
  };
}

/**
 * Adds or replaces the tutor's payout details: password first (403, nothing changed), then
 * Paystack's recipient, then the item, then the event that e-mails the tutor.
 */
export async function setPayoutDetails(tutorId: string, request: Request, now = new Date()): Promise<PayoutDetails> {
  const profile = await getProfile(tutorId);
  if (!profile) throw new NotFound('Profile not found');
  if (!(await isCurrentPassword(profile.email, request.password))) {
    throw new DomainError(403, 'wrong_password', payoutMessages.wrongPassword, { fields: [{ path: 'password', message: payoutMessages.wrongPassword }] });
  }
  const target = await recipientFor(request);
  const created = await providerCall(() => paymentProvider().createTransferRecipient(target.provider));
  const previous = await getPayoutRecipient(tutorId);
  const recipient: PayoutRecipient = {
    tutorId,
    method: request.method,
    recipientCode: created.recipientCode,
    maskedNumber: target.maskedNumber,
    accountName: request.accountName,
    institution: target.institution,
    updatedAt: now.toISOString(),
  };
  await putPayoutRecipient(recipient);
  // The mask and the method only: logs and events never see the number.
  logger.info('Payout details changed', { tutorId, method: recipient.method, firstTime: !previous });
  await publishEvent('PayoutDetailsChanged', {
    tutorId, method: recipient.method, maskedNumber: recipient.maskedNumber, institution: recipient.institution,
    firstTime: !previous, changedAt: recipient.updatedAt,
  });
  return toDetails(recipient);
}
