/** Messages of the tutor's own pages: the dashboard, the profile form and /tutor-availability. */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useDashboardText = defineText('tutors-dashboard', en, { sw: () => import('./i18n/sw.json') });
export type DashboardLookup = ReturnType<typeof useDashboardText>;

/** A weekday's name (0 = Sunday, as the API numbers them): "Monday" / "Jumatatu". */
export const weekdayName = (t: DashboardLookup, dayOfWeek: number): string => t(`day.${dayOfWeek}` as `day.${0 | 1 | 2 | 3 | 4 | 5 | 6}`);
