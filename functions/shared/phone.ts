/**
 * Kenyan mobile numbers, the one rule every feature uses (payout numbers, verified phones, SMS and
 * WhatsApp recipients; pure, so the SPA's forms use it too). Safaricom, Airtel and Telkom mobile
 * numbers are 7XXXXXXXX or 1XXXXXXXX after the country code 254; people write them 07…, 01…,
 * 254…, +254…, often with spaces or dashes. Anything else (another country, a landline, a
 * letter, a digit too many) is refused rather than guessed at.
 */

/** The number as 2547XXXXXXXX / 2541XXXXXXXX (Paystack's and WhatsApp's form), or null when it is not a Kenyan mobile number. */
export function normalizeKenyanMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

/** E.164 with its plus (+2547XXXXXXXX), as Africa's Talking takes `to`; input as {@link normalizeKenyanMobile}. */
export function kenyanMobileE164(input: string): string | null {
  const normalized = normalizeKenyanMobile(input);
  return normalized === null ? null : `+${normalized}`;
}

/** "254712345678" → "07•• ••• 678": enough for its owner to recognise it, not enough to use it. */
export function maskMobile(normalized: string): string {
  const local = `0${normalized.replace(/^\+/, '').slice(3)}`;
  return `${local.slice(0, 2)}•• ••• ${local.slice(-3)}`;
}

/** What logs may say of a number: country code, network prefix and last three digits (`2547…678`). */
export function phoneForLogs(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length < 7 ? '…' : `${digits.slice(0, 4)}…${digits.slice(-3)}`;
}
