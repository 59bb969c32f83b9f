/** Messages of the shared UI (header, language switcher …). */
import { defineText } from '../i18n/text';
import en from './i18n/en.json';

export const useUiText = defineText('ui', en, { sw: () => import('./i18n/sw.json') });
