/** Messages of the Edit Profile form and its photo upload: a chunk of their own, loaded when the form opens. */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useEditorText = defineText('tutors-editor', en, { sw: () => import('./i18n/sw.json') });
