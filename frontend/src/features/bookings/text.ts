/**
 * Messages of the booking screens, one namespace per route chunk so a page downloads
 * only its own English: `bookings` here (badges, booking facts, rescheduling, the dashboards'
 * parts), and the pages' own in mine-text.ts, book-text.ts and callback-text.ts. Kiswahili loads
 * when chosen.
 */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useBookingsText = defineText('bookings', en, { sw: () => import('./i18n/sw.json') });
export type BookingsText = ReturnType<typeof useBookingsText>;
