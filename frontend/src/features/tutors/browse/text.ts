/** Messages of /browse-tutors only (its first load is budgeted: keep this small). */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useBrowseText = defineText('tutors-browse', en, { sw: () => import('./i18n/sw.json') });
