/**
 * The server's texts (functions/shared/i18n/<language>.json, keyed by the English text) where the
 * SPA shows them itself: forms validate with the shared zod contracts, whose messages are English.
 * The Kiswahili catalog is fetched only by those who read Kiswahili, the first time a form needs it,
 * and with it zod's own messages in Kiswahili (kiswahili-forms.ts), installed before the form can
 * check anything: its fields wait for the catalog (Suspense).
 */
import { use } from 'react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { isLanguage } from '../../../../functions/shared/language';
import type { Translate } from '../../../../functions/shared/message-catalog';

const same: Translate = (message) => message;
let kiswahili: Promise<Translate> | undefined;

/** The Kiswahili catalog's translator, once zod's Kiswahili messages are installed (while `i18n` speaks Kiswahili). */
function loadKiswahiliForms(i18n: I18n): Promise<Translate> {
  // English readers download none of it.
  kiswahili ??= import('./kiswahili-forms').then(
    (forms) => forms.formsInKiswahili(i18n),
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
  return language === 'sw' ? use(loadKiswahiliForms(i18n)) : same;
}
