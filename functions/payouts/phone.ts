/**
 * Kenyan M-Pesa numbers and masks for payout details (pure: the SPA's form uses it too).
 * Safaricom, Airtel and Telkom mobile numbers are 7XXXXXXXX or 1XXXXXXXX after the country code
 * 254; people write them 07…, 01…, 254…, +254…, often with spaces or dashes.
 */

/** The number as Paystack wants it (2547XXXXXXXX / 2541XXXXXXXX), or null when it is not a Kenyan mobile number. */
export function normalizeKenyanMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s-]/g, '');
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

export const INVALID_MPESA_NUMBER = 'Enter a Kenyan M-Pesa number, for example 0712 345 678 or +254 712 345 678';

/** "254712345678" → "07•• ••• 678": enough for the tutor to recognise it, not enough to use it. */
export function maskMobile(normalized: string): string {
  const local = `0${normalized.slice(3)}`;
  return `${local.slice(0, 2)}•• ••• ${local.slice(-3)}`;
}

/** A bank account number → "••••5678" (its last four digits at most, never more than half of it). */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/[\s-]/g, '');
  const shown = Math.min(4, Math.floor(digits.length / 2));
  return `••••${digits.slice(digits.length - shown)}`;
}
