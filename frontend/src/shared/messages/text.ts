/**
 * The HTTP client's own texts (namespace `api`), for shared/api.ts, which is no component: `apiText`
 * reads the active language's catalog once it is loaded, and English until then (it asks for the
 * catalog, so the next error reads translated). The server's texts arrive already translated
 * (Accept-Language); server-messages.ts translates the same texts where the SPA checks forms itself.
 */
import { i18n, setupI18n } from '@lingui/core';
import { activeLanguage } from '../i18n/language';
import { defineText, loadRegisteredCatalogs, type MessageValues } from '../i18n/text';
import en from './i18n/en.json';

export type ApiTextKey = keyof typeof en;

export const useApiText = defineText('api', en, { sw: () => import('./i18n/sw.json') });

/**
 * English while the active language's catalog loads. The build hands over the catalog in Lingui's
 * compiled form (frontend/i18n-plugin.ts), not as text: an instance of its own formats it;
 * unit tests import the source text, filled in by hand.
 */
const english = setupI18n({ locale: 'en', messages: { en } });

export function apiText(key: ApiTextKey, values: MessageValues = {}): string {
  const id = useApiText.id(key);
  // No active language yet (before the app starts, unit tests): English, as below.
  if (i18n.locale && i18n.messages[id] !== undefined) return i18n._(id, values);
  const language = activeLanguage();
  if (language !== 'en') loadRegisteredCatalogs(language).catch(() => undefined); // offline: tried again next time
  const source: unknown = en[key];
  if (typeof source !== 'string') return english._(key, values);
  return source.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
