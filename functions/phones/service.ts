/**
 * Verifying the caller's Kenyan mobile number by a one-time SMS code (rules.ts), changing it
 * (the old number is told by SMS) and removing it. Numbers never reach the logs in full
 * (phoneForLogs), codes never at all.
 */
import { createHash } from 'node:crypto';
import type { Language } from '../../events/shared/language.js';
import { africasTalking } from '../messaging/africastalking.js';
import { SmsFailure, type SmsSender } from '../messaging/sms.js';
import { myProfile } from '../profiles/service.js';
import { BusinessRuleViolated, Conflict, ProviderFailed } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { maskMobile, normalizeKenyanMobile, phoneForLogs } from '../shared/phone.js';
import { enforceRateLimit } from '../shared/rate-limit.js';
import { codeMatches, hashCode, newCode, newSalt } from './code.js';
import type { ConfirmPhoneCode, MyPhone, PendingPhoneCode, PhoneCodeSent, PhoneConfirmed, RequestPhoneCode, VerifiedPhone } from './contract.js';
import type { PhoneCodeItem, VerifiedPhoneItem } from './keys.js';
import {
  CodeGone, confirmPhone as confirmInTable, countWrongTry, deletePhoneCode, ownerOfPhone, phoneCodeOf, PhoneTaken, putPhoneCode,
  removeVerifiedPhone, verifiedPhoneOf,
} from './repository.js';
import {
  codeState, CODES_PER_ACCOUNT, CODES_PER_NUMBER, endingOf, hoursOf, MAX_CODE_TRIES, minutesOf, phoneMessages, smsTexts, validUntilOf,
} from './rules.js';

let sms: SmsSender | undefined;
const smsSender = () => (sms ??= africasTalking());

/** A day past a code's end the table forgets it (TTL). */
const KEEP_SECONDS = 86_400;

const verifiedView = (item: VerifiedPhoneItem): VerifiedPhone => ({ phone: item.phone, masked: maskMobile(item.phone), verifiedAt: item.verifiedAt });
const pendingView = (item: PhoneCodeItem): PendingPhoneCode => ({
  masked: maskMobile(item.phone), validUntil: item.validUntil, triesLeft: Math.max(0, MAX_CODE_TRIES - item.wrongTries),
});

/**
 * What the logs may say of a failed send: the provider's status code, not its text, which may
 * echo the request (the number and the message with its code).
 */
function sendFailure(error: unknown): Record<string, unknown> {
  return error instanceof SmsFailure ? { statusCode: error.code, retryable: error.retryable } : { error: (error as Error).name };
}

/** The language the account's SMS are written in: its saved one, else the one it uses now. */
async function smsLanguage(user: AuthUser, requestLanguage: Language): Promise<Language> {
  const profile = await myProfile(user).catch(() => undefined);
  return profile?.language ?? requestLanguage;
}

/**
 * Which account holds `phone`: `current` when its owner item names an account that has it
 * verified; `stale` when the owner item outlived its account's verified number (a deleted
 * account's partition goes, the owner item under PHONE# stays), so the number is free again.
 */
async function holderOf(phone: string): Promise<{ current?: string; stale?: string }> {
  const owner = await ownerOfPhone(phone);
  if (!owner) return {};
  const verified = await verifiedPhoneOf(owner.userId);
  return verified?.phone === phone ? { current: owner.userId } : { stale: owner.userId };
}

export async function myPhone(user: AuthUser, now = new Date()): Promise<MyPhone> {
  const [verified, code] = await Promise.all([verifiedPhoneOf(user.id), phoneCodeOf(user.id)]);
  return {
    verified: verified ? verifiedView(verified) : null,
    pending: code && codeState(code, now) === 'valid' ? pendingView(code) : null,
  };
}

/**
 * Sends a new code to `phone` for the caller, replacing any earlier one. Refused when the number
 * is verified on this or another account (409), and past the per-account and per-number limits
 * (429 with Retry-After; the per-address limit is the route's).
 */
export async function requestPhoneCode(user: AuthUser, input: RequestPhoneCode, language: Language, now = new Date()): Promise<PhoneCodeSent> {
  const phone = normalizeKenyanMobile(input.phone);
  if (!phone) throw new BusinessRuleViolated('invalid_phone', phoneMessages.invalidPhone);
  const owner = await holderOf(phone);
  if (owner.current === user.id) throw new Conflict('phone_already_verified', phoneMessages.alreadyYours);
  // Asked before the SMS costs anything; also keeps a stranger's verified number from being pestered.
  if (owner.current) throw new Conflict('phone_taken', phoneMessages.takenElsewhere);
  await enforceRateLimit(CODES_PER_ACCOUNT, `user:${user.id}`, now, (wait) => phoneMessages.tooManyForAccount(hoursOf(wait)));
  // The number's counter is named by its hash: the table keeps no list of numbers people typed.
  const numberSubject = createHash('sha256').update(phone).digest('hex').slice(0, 32);
  await enforceRateLimit(CODES_PER_NUMBER, numberSubject, now, (wait) => phoneMessages.tooManyForNumber(minutesOf(wait)));

  const code = newCode();
  const salt = newSalt();
  const validUntil = validUntilOf(now);
  const item: PhoneCodeItem = {
    userId: user.id, phone, salt, codeHash: hashCode(code, salt, user.id, phone), wrongTries: 0,
    sentAt: now.toISOString(), validUntil: validUntil.toISOString(), expiresAt: Math.floor(validUntil.getTime() / 1000) + KEEP_SECONDS,
  };
  // Stored before sending: an SMS must never carry a code the table does not know.
  await putPhoneCode(item);
  const text = smsTexts[await smsLanguage(user, language)].code(code);
  try {
    await smsSender().send({ to: phone, text });
  } catch (error) {
    await deletePhoneCode(user.id, item.codeHash);
    logger.warn('Phone code SMS failed', { to: phoneForLogs(phone), ...sendFailure(error) });
    throw new ProviderFailed('sms_failed', phoneMessages.smsFailed);
  }
  logger.info('Phone code sent', { to: phoneForLogs(phone) });
  return { pending: pendingView(item) };
}

/**
 * Confirms the caller's code: the number becomes the account's verified number (replacing any
 * earlier one, whose phone is then told by SMS). Wrong codes count toward the 5 tries.
 */
export async function confirmPhoneCode(user: AuthUser, input: ConfirmPhoneCode, language: Language, now = new Date()): Promise<PhoneConfirmed> {
  const code = await phoneCodeOf(user.id);
  if (!code) throw new BusinessRuleViolated('no_code', phoneMessages.noCode);
  const state = codeState(code, now);
  if (state === 'expired') throw new BusinessRuleViolated('code_expired', phoneMessages.expired);
  if (state === 'locked') throw new BusinessRuleViolated('code_locked', phoneMessages.locked);
  if (!codeMatches(input.code, code)) {
    const triesLeft = await countWrongTry(user.id, code.codeHash);
    if (triesLeft === 0) throw new BusinessRuleViolated('code_locked', phoneMessages.locked);
    throw new BusinessRuleViolated('wrong_code', phoneMessages.wrongCode(triesLeft));
  }
  const [previous, owner] = await Promise.all([verifiedPhoneOf(user.id), holderOf(code.phone)]);
  let verified: VerifiedPhoneItem;
  try {
    verified = await confirmInTable(code, now.toISOString(), previous, owner.stale);
  } catch (error) {
    if (error instanceof PhoneTaken) {
      await deletePhoneCode(user.id, code.codeHash);
      throw new Conflict('phone_taken', phoneMessages.takenElsewhere);
    }
    if (error instanceof CodeGone) throw new BusinessRuleViolated('code_locked', phoneMessages.locked);
    throw error;
  }
  logger.info('Phone verified', { phone: phoneForLogs(verified.phone), replaced: previous && previous.phone !== verified.phone ? phoneForLogs(previous.phone) : undefined });
  if (previous && previous.phone !== verified.phone) await tellReplacedNumber(user, previous.phone, verified.phone, language);
  return { verified: verifiedView(verified), message: phoneMessages.verified };
}

/**
 * The old phone hears that it is no longer the account's: if someone else changed it, its owner
 * learns at once. Best effort: the change itself is done, and a failed SMS is logged.
 */
async function tellReplacedNumber(user: AuthUser, oldPhone: string, newPhone: string, requestLanguage: Language): Promise<void> {
  try {
    const language = await smsLanguage(user, requestLanguage);
    await smsSender().send({ to: oldPhone, text: smsTexts[language].replaced(endingOf(newPhone)) });
  } catch (error) {
    logger.warn('Replaced-number SMS failed', { to: phoneForLogs(oldPhone), ...sendFailure(error) });
  }
}

/** Removes the caller's verified number and any code waiting; nothing to do is not an error. */
export async function removeMyPhone(user: AuthUser): Promise<void> {
  const removed = await removeVerifiedPhone(user.id);
  await deletePhoneCode(user.id);
  if (removed) logger.info('Phone removed', { phone: phoneForLogs(removed.phone) });
}
