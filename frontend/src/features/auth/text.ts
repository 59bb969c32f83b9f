/** Messages of /auth and the two-step set-up page (English ships in their chunks; Kiswahili loads when chosen). */
import { defineText, type TextLookup } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useAuthText = defineText('auth', en, { sw: () => import('./i18n/sw.json') });
export type AuthMessage = Extract<keyof typeof en, string>;
export type AuthText = TextLookup<AuthMessage>;
