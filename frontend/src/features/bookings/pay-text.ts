/** Messages of /pay/…: paying for a held lesson (M-Pesa prompt, or card on Paystack's page). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/pay.en.json';

export const usePayText = defineText('bookings-pay', en, { sw: () => import('./i18n/pay.sw.json') });
export type PayText = ReturnType<typeof usePayText>;
