/** Messages of /tutor-availability (the weekly list itself, WeeklySlots, uses the dashboard's). */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useAvailabilityText = defineText('tutors-availability', en, { sw: () => import('./i18n/sw.json') });
export type AvailabilityLookup = ReturnType<typeof useAvailabilityText>;
