/** Messages of /ai-learning's subject picker. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/learning.en.json';

export const useLearningText = defineText('ai-learning', en, { sw: () => import('./i18n/learning.sw.json') });
