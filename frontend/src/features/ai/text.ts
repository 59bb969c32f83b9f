/**
 * Messages of AI learning: `ai` here is what both pages share (the quiz game, the header
 * links, subject and difficulty names); each page has its own (learning-text.ts, assistant-text.ts).
 * The questions and answers the model writes are not in any catalog.
 */
import { paths } from '../../shared/paths';
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useAiText = defineText('ai', en, { sw: () => import('./i18n/sw.json') });

/** The header links of the AI pages. */
export function useAiNav() {
  const t = useAiText();
  return [
    { to: paths.dashboard, label: t('nav.dashboard') },
    { to: paths.aiLearning, label: t('nav.aiLearning') },
    { to: paths.aiStudyAssistant(), label: t('nav.assistant') },
    { to: paths.browse(), label: t('nav.findTutors') },
    { to: paths.myBookings, label: t('nav.bookings') },
  ];
}
