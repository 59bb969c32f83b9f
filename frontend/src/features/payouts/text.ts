/** Messages of the payout details card (English ships in its chunk; Kiswahili loads when chosen). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const usePayoutsText = defineText('payouts', en, { sw: () => import('./i18n/sw.json') });
export type PayoutsMessage = Parameters<ReturnType<typeof usePayoutsText>>[0];
