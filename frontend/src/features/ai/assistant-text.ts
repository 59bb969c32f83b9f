/** Messages of /ai-study-assistant. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/assistant.en.json';

export const useAssistantText = defineText('ai-assistant', en, { sw: () => import('./i18n/assistant.sw.json') });
