/** Messages of /my-bookings only (text.ts has the shared ones). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/mine.en.json';

export const useMyBookingsText = defineText('bookings-mine', en, { sw: () => import('./i18n/mine.sw.json') });
export type MyBookingsText = ReturnType<typeof useMyBookingsText>;
