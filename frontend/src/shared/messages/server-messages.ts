/**
 * The server's texts (functions/shared/i18n/<language>.json, keyed by the English text) where the
 * SPA shows them itself: forms validate with the shared zod contracts, whose messages are English.
 * The Kiswahili catalog is fetched only by those who read Kiswahili, the first time a form needs it,
 * and with it zod's own messages in Kiswahili (kiswahili-forms.ts), installed before the form can
 * check anything: its fields wait for the catalog (Suspense).
 */
import { use, useEffect, useRef } from 'react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { isLanguage } from '@events/shared/language';
import type { Translate } from '@functions/shared/message-catalog';
import { useActiveLanguage } from '../i18n/text';

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

/**
 * A form's shown errors checked again when the language changes. zod's own messages (where a
 * contract names none: "Too big: expected string to have <=60 characters") are written in the
 * language of the moment the field was checked; the contracts' texts are translated where shown
 * and follow by themselves. Give it the form's `errors` and `trigger` (react-hook-form).
 */
export function useErrorsFollowLanguage(errors: object, trigger: (names: never[]) => Promise<boolean>): void {
  const { i18n } = useLingui();
  const language = useActiveLanguage();
  const checkedIn = useRef(language);
  useEffect(() => {
    if (checkedIn.current === language) return;
    checkedIn.current = language;
    // The fields the resolver marked (their error has zod's issue code as its type); a server's
    // field error (setError, no type) would be cleared by a check that passes, so it is left alone.
    const names = Object.entries(errors).filter(([, error]) => typeof (error as { type?: unknown } | undefined)?.type === 'string').map(([name]) => name) as never[];
    if (names.length === 0) return;
    // Kiswahili: zod's messages in it are installed with the forms' chunk, first.
    void (language === 'sw' ? loadKiswahiliForms(i18n) : Promise.resolve()).then(() => trigger(names));
  }, [language, errors, i18n, trigger]);
}
