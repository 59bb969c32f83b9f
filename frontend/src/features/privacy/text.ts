/** Messages of privacy: Privacy and your data (export, deletion). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const usePrivacyText = defineText('privacy', en, { sw: () => import('./i18n/sw.json') });
