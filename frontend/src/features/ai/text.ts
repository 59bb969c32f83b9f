/**
 * Messages of AI learning: `ai` here is what both pages share (the quiz game, subject and
 * difficulty names); each page has its own (learning-text.ts, assistant-text.ts).
 * The questions and answers the model writes are not in any catalog.
 */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useAiText = defineText('ai', en, { sw: () => import('./i18n/sw.json') });
