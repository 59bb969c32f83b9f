/** Messages of /book-tutor and its booking form (text.ts has the shared ones). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/book.en.json';

export const useBookText = defineText('bookings-book', en, { sw: () => import('./i18n/book.sw.json') });
export type BookText = ReturnType<typeof useBookText>;
