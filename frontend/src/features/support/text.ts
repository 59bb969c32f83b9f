/** Messages of the Help, Contact and Privacy pages. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useSupportText = defineText('support', en, { sw: () => import('./i18n/sw.json') });
