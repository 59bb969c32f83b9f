/** Messages of the shared UI (header, language switcher, loading, offline, toasts, load failures …). */
import { defineText } from '../i18n/text';
import en from './i18n/en.json';
// Bundled, not fetched: the toasts, the offline banner and the page spinner render outside every
// page's Suspense and error boundary, so their Kiswahili must not wait for (or fail on) a download.
import sw from './i18n/sw.json';

export const useUiText = defineText('ui', en, { sw: () => Promise.resolve({ default: sw }) });
