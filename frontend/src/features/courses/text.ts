/**
 * Messages of courses, one namespace per route chunk so a page downloads only its own
 * English: `courses` here is what the cards, the enrol button and the dashboards' sections share;
 * each page has its own (catalogue-text.ts, course-text.ts, editor-text.ts).
 */
import { ksh } from '../../shared/format';
import { defineText, type TextLookup } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useCoursesText = defineText('courses', en, { sw: () => import('./i18n/sw.json') });
export type CoursesMessage = Parameters<ReturnType<typeof useCoursesText>>[0];

/** A price in KSh, or "Free". */
export const coursePrice = (t: TextLookup<CoursesMessage>, price: number | null) => (price ? ksh(price) : t('price.free'));
