/** Messages of the landing page (English ships in this chunk; Kiswahili loads when chosen). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useLandingText = defineText('landing', en, { sw: () => import('./i18n/sw.json') });
export type LandingMessage = Parameters<ReturnType<typeof useLandingText>>[0];
