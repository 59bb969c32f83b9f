/** How the dashboard words its figures, in the active language. */
import { INTL_LOCALES } from '@events/shared/language';
import { activeLanguage } from '../../shared/i18n/language';
import type { ProgressText } from './text';

/** Hours Studied: minutes under an hour ("25 min"), then hours to a tenth ("1.5 h"); "0 h" before any study. */
export function studyTimeText(minutes: number, t: ProgressText): string {
  if (minutes <= 0) return t('studyTime.none');
  if (minutes < 60) return t('studyTime.minutes', { minutes });
  const hours = new Intl.NumberFormat(INTL_LOCALES[activeLanguage()], { maximumFractionDigits: 1 }).format(Math.round(minutes / 6) / 10);
  return t('studyTime.hours', { hours });
}
