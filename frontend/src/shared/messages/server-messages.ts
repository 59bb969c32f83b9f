/**
 * The server's texts (functions/shared/i18n/<language>.json, keyed by the English text) where the
 * SPA shows them itself: forms validate with the shared zod contracts, whose messages are English.
 * The Kiswahili catalog is fetched only by those who read Kiswahili, the first time a form needs it.
 */
import { use } from 'react';
import { useLingui } from '@lingui/react';
import { isLanguage } from '../../../../functions/shared/language';
import type { Translate } from '../../../../functions/shared/message-catalog';

const same: Translate = (message) => message;
let kiswahili: Promise<Translate> | undefined;

function loadKiswahili(): Promise<Translate> {
  // The translator comes with the catalog: English readers download neither.
  kiswahili ??= Promise.all([import('../../../../functions/shared/message-catalog'), import('../../../../functions/shared/i18n/sw.json')]).then(
    ([{ translator }, { default: catalog }]) => translator(catalog),
    () => {
      kiswahili = undefined; // offline: English this time, fetched again next time
      return same;
    },
  );
  return kiswahili;
}

/** `translate(message)`: a form's message in the active language (waits once for the catalog, in Suspense). */
export function useServerMessage(): Translate {
  const { i18n } = useLingui();
  const language = isLanguage(i18n.locale) ? i18n.locale : 'en';
  return language === 'sw' ? use(loadKiswahili()) : same;
}
