/** Messages of lesson reports: the tutor's form, the booking cards' report line and the family's view. Kiswahili loads when chosen. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useReportsText = defineText('reports', en, { sw: () => import('./i18n/sw.json') });
export type ReportsText = ReturnType<typeof useReportsText>;
