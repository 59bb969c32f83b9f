/** Messages of the app frame: the page-failed screen and the 404 page. */
import { defineText } from '../shared/i18n/text';
import en from './i18n/en.json';
// Bundled, not fetched: the page-failed screen shows when downloads fail (offline), so its
// Kiswahili must not depend on one.
import sw from './i18n/sw.json';

export const useAppText = defineText('app', en, { sw: () => Promise.resolve({ default: sw }) });
