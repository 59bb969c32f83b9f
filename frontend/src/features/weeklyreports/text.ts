/** Messages of the weekly progress report page. Kiswahili loads when chosen. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useWeeklyReportsText = defineText('weeklyreports', en, { sw: () => import('./i18n/sw.json') });
