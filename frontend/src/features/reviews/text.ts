/** Messages of reviews: the student's review of a lesson and a tutor's review list. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useReviewsText = defineText('reviews', en, { sw: () => import('./i18n/sw.json') });
