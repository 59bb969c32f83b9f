/** Messages of the subject landing pages (/tutors/{slug}). */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useSubjectPageText = defineText('tutors-subject-page', en, { sw: () => import('./i18n/sw.json') });
