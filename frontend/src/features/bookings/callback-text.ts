/** Messages of /payment-callback, the first page after a payment: nothing else to download. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/callback.en.json';

export const useCallbackText = defineText('bookings-callback', en, { sw: () => import('./i18n/callback.sw.json') });
export type CallbackText = ReturnType<typeof useCallbackText>;
