/** Messages of /live-tutoring/demo-session only (text.ts has the shared ones). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/demo.en.json';

export const useLiveDemoText = defineText('live-demo', en, { sw: () => import('./i18n/demo.sw.json') });
