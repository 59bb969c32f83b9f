/** Messages of the student dashboard. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useStudentsText = defineText('students', en, { sw: () => import('./i18n/sw.json') });
