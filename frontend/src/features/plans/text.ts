/** Messages of weekly lessons: the set-up page and the plans in My Bookings. Kiswahili loads when chosen. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const usePlansText = defineText('plans', en, { sw: () => import('./i18n/sw.json') });
export type PlansText = ReturnType<typeof usePlansText>;
