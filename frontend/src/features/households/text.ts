/** Messages of households: a parent's children (My children). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useHouseholdsText = defineText('households', en, { sw: () => import('./i18n/sw.json') });
