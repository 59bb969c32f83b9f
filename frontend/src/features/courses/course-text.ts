/** Messages of a course page and its lesson viewer. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/course.en.json';

export const useCourseText = defineText('courses-course', en, { sw: () => import('./i18n/course.sw.json') });
