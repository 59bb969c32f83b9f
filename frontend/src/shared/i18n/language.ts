/**
 * Which language the SPA speaks: the visitor's saved choice, else the browser's first
 * supported language. Lingui's `i18n` holds the active one; catalogs are loaded per namespace
 * (text.ts), Kiswahili only for those who choose it.
 */
import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from '@events/shared/language';
import { loadRegisteredCatalogs } from './text';

export { LANGUAGE_NAMES, LANGUAGES, type Language } from '@events/shared/language';

const STORAGE_KEY = 'alp.language';
/** Set when a language is chosen with nobody signed in to save it to (the sign-in page). */
const UNSAVED_KEY = 'alp.language.unsaved';
const YEAR_SECONDS = 365 * 24 * 3600;

/** Tells the server the choice too, so prerendered pages arrive in it (infra/aws/prerendered-pages.ts). */
function rememberForServer(language: Language): void {
  if (typeof document !== 'undefined') document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

function savedLanguage(): Language | null {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null; // storage blocked (private mode, a sandboxed frame): the browser's language decides
  }
}

/** The language a link names (`?lang=sw`: hreflang alternates, shared links), if any. */
function linkedLanguage(): Language | null {
  const named = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang');
  return isLanguage(named) ? named : null;
}

/**
 * The language to start in: the one the link names, as the edge chose the page's HTML by it (so the
 * app takes that HTML over as it is; for this visit only, nothing is saved); else saved on this
 * device; else the browser's preference.
 */
export function initialLanguage(): Language {
  const linked = linkedLanguage();
  if (linked) return linked;
  const saved = savedLanguage();
  if (saved) {
    rememberForServer(saved); // a choice saved before the cookie existed reaches the server from now on
    return saved;
  }
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return preferred.length ? pickLanguage(preferred) : DEFAULT_LANGUAGE;
}

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

function showLanguage(language: Language): void {
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** At start, before the first render: pages whose catalogs are not loaded yet wait for them (Suspense). */
export function startInLanguage(language: Language): void {
  showLanguage(language);
}

type LanguageListener = (language: Language) => void;
const choiceListeners = new Set<LanguageListener>();

/** Told when the user picks a language (not at start): the signed-in app saves it in the profile. */
export function onLanguageChosen(listener: LanguageListener): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The user picked a language (the switcher): switch, remember it here, and tell the listeners. */
export async function chooseLanguage(language: Language): Promise<void> {
  await switchLanguage(language);
  dropLinkedLanguage();
  if (choiceListeners.size === 0) rememberUnsaved(true);
  for (const listener of choiceListeners) listener(language);
}

/** The user's choice decides from now on: a `?lang` the link named would undo it on a reload. */
function dropLinkedLanguage(): void {
  if (typeof location === 'undefined' || !linkedLanguage()) return;
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  history.replaceState(history.state, '', url);
}

function rememberUnsaved(unsaved: boolean): void {
  try {
    if (unsaved) globalThis.localStorage?.setItem(UNSAVED_KEY, '1');
    else globalThis.localStorage?.removeItem(UNSAVED_KEY);
  } catch {
    // storage blocked: the profile's language decides at sign-in
  }
}

/**
 * The language chosen on this device while signed out (on the sign-in page, say), not yet saved
 * to a profile: at sign-in it wins over the profile's, which is older.
 */
export function unsavedChoice(): Language | null {
  try {
    return globalThis.localStorage?.getItem(UNSAVED_KEY) ? savedLanguage() : null;
  } catch {
    return null;
  }
}

/** The device's choice is in the profile now: from here on the profile's language wins again. */
export function choiceSaved(): void {
  rememberUnsaved(false);
}

/**
 * Switches the whole app: loads the catalogs of every namespace imported so far first, so no page
 * flashes half-translated, then activates. `remember` keeps the choice on this device.
 */
export async function switchLanguage(language: Language, { remember = true } = {}): Promise<void> {
  if (remember) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, language);
      rememberForServer(language);
    } catch {
      // not saved on this device: the profile (signed in) or the next visit's browser language decides
    }
  }
  if (language === activeLanguage()) return;
  await loadRegisteredCatalogs(language);
  showLanguage(language);
}
