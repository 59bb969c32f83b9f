/**
 * Messages of the live lesson pages: `live` (the lesson page and the pieces both pages
 * share) here, `live-demo` (the demo page only) in demo-text.ts. Kiswahili loads when chosen.
 */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useLiveText = defineText('live', en, { sw: () => import('./i18n/sw.json') });
export type LiveText = ReturnType<typeof useLiveText>;
