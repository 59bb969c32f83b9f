/**
 * Payout details' own rules (pure: the SPA's form uses them too). M-Pesa numbers follow the
 * product's one Kenyan mobile number rule, functions/shared/phone.ts.
 */

export const INVALID_MPESA_NUMBER = 'Enter a Kenyan M-Pesa number, for example 0712 345 678 or +254 712 345 678';

/** A bank account number → "••••5678" (its last four digits at most, never more than half of it). */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/[\s-]/g, '');
  const shown = Math.min(4, Math.floor(digits.length / 2));
  return `••••${digits.slice(digits.length - shown)}`;
}
