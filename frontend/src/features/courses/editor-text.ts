/** Messages of /app/course-creation: the course form, publishing and the lesson editor. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/editor.en.json';

export const useEditorText = defineText('courses-editor', en, { sw: () => import('./i18n/editor.sw.json') });
