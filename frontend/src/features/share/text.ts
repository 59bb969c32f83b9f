/** Messages of the Share button (tutor profiles, course pages). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useShareText = defineText('share', en, { sw: () => import('./i18n/sw.json') });
