/** Messages of a tutor's public profile (/tutor-profile/{id}; the booking page shows its sections too). */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useProfileText = defineText('tutors-profile', en, { sw: () => import('./i18n/sw.json') });
