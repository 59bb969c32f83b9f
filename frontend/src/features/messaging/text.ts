/** Messages of messaging: how each kind of message reaches the user. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useMessagingText = defineText('messaging', en, { sw: () => import('./i18n/sw.json') });
