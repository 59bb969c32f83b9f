/**
 * Messages of the route guards (Access Denied, opening a dashboard): a namespace of their own,
 * because the guards sit in the app's first chunk and the sign-in page's texts must not.
 */
import { defineText } from '../../../shared/i18n/text';
import en from './i18n/en.json';

export const useGuardText = defineText('auth-guards', en, { sw: () => import('./i18n/sw.json') });
