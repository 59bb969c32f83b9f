/**
 * Messages of the student's progress: the dashboard's panels and the game's save note.
 * One namespace: every piece shows on the student dashboard or the AI game, never alone.
 */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useProgressText = defineText('progress', en, { sw: () => import('./i18n/sw.json') });
export type ProgressText = ReturnType<typeof useProgressText>;
