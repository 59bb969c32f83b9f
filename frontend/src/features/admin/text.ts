/**
 * Messages of the admin pages, one namespace per route chunk: `admin` (here) for what
 * both dashboards share (counters, transactions, review dialogs, statuses); dashboard-text.ts and
 * overview-text.ts for each page's own, so a page downloads only its own English.
 */
import { defineText } from '../../shared/i18n/text';
import type { ReviewTexts } from './admin-rules';
import en from './i18n/en.json';

export const useAdminText = defineText('admin', en, { sw: () => import('./i18n/sw.json') });
export type AdminMessage = Parameters<ReturnType<typeof useAdminText>>[0];

/** The review toasts in the reader's language (admin-rules.ts puts them together). */
export function useReviewTexts(): ReviewTexts {
  const t = useAdminText();
  return { approved: t('review.approved'), rejected: t('review.rejected'), approveFailed: t('review.approveFailed'), rejectFailed: t('review.rejectFailed') };
}
