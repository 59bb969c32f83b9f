/** Messages of paying in the page (M-Pesa prompt, Paybill, or card on Paystack's page): /pay/… for a held lesson, and a course's checkout. */
import type { MpesaPromptState } from '@functions/payments/contract';
import { defineText } from '../../shared/i18n/text';
import en from './i18n/pay.en.json';

export const usePayText = defineText('bookings-pay', en, { sw: () => import('./i18n/pay.sw.json') });
export type PayText = ReturnType<typeof usePayText>;

/** What is bought: the words once it is paid (or must go back) depend on it. */
export type PaidFor = 'lesson' | 'course';

/** A prompt's outcome in words for what is bought; the failures read the same for all. */
export function promptOutcome(t: PayText, state: MpesaPromptState, paidFor: PaidFor): string {
  if (paidFor === 'course' && (state === 'paid' || state === 'refunding')) return t(`course.${state}`);
  return t(`mpesa.${state}`);
}
