/** Messages of phones: the Phone number page. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const usePhonesText = defineText('phones', en, { sw: () => import('./i18n/sw.json') });
