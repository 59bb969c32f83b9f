/**
 * Typed message lookups per namespace. A feature declares its catalogs once:
 *
 *   import en from './i18n/en.json';
 *   export const useLandingText = defineText('landing', en, { sw: () => import('./i18n/sw.json') });
 *
 * and a component calls `const t = useLandingText(); t('hero.title')` — keys are checked by
 * TypeScript against the English catalog. English ships inside the feature's own chunk (as its
 * strings did before); another language's catalog is a separate chunk, fetched when first needed
 * while the page waits in its Suspense boundary. Messages are ICU MessageFormat, compiled at build
 * time (frontend/i18n-plugin.ts), plural rules from Intl.PluralRules.
 */
import { use, useSyncExternalStore } from 'react';
import { i18n, type Messages } from '@lingui/core';
import type { Language } from '@events/shared/language';

type Catalog = Record<string, unknown>;
type OtherLanguage = Exclude<Language, 'en'>;
type CatalogLoaders = Record<OtherLanguage, () => Promise<{ default: Catalog }>>;
/** Values put into a message: `{name}`, `{count, plural, …}`. */
export type MessageValues = Record<string, string | number>;
export type TextLookup<Key extends string> = (key: Key, values?: MessageValues) => string;

/** A load marked with React's thenable fields once settled, so `use` reads it without suspending again. */
type TrackedLoad = Promise<void>;
const settle = (load: TrackedLoad, fields: { status: 'fulfilled'; value: undefined } | { status: 'rejected'; reason: unknown }) =>
  Object.assign(load, fields);

const namespaces = new Map<string, { english: Catalog; loaders: CatalogLoaders }>();
const loads = new Map<string, TrackedLoad>();

function withNamespace(namespace: string, catalog: Catalog): Messages {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [`${namespace}:${key}`, message])) as Messages;
}

function loadCatalog(namespace: string, language: OtherLanguage): TrackedLoad {
  const id = `${namespace}:${language}`;
  const known = loads.get(id);
  if (known) return known;
  const entry = namespaces.get(namespace);
  if (!entry) throw new Error(`Unknown message namespace ${namespace}`);
  const load: TrackedLoad = entry.loaders[language]().then(
    ({ default: translated }) => {
      // English under the translation: a message not translated yet reads in English, never as its id.
      i18n.load(language, withNamespace(namespace, { ...entry.english, ...translated }));
      settle(load, { status: 'fulfilled', value: undefined });
    },
    (error: unknown) => {
      loads.delete(id); // a failed download (offline) is tried again on the next render
      settle(load, { status: 'rejected', reason: error });
      throw error;
    },
  );
  loads.set(id, load);
  return load;
}

/** Every namespace imported so far, in `language`: what a switch waits for. */
export async function loadRegisteredCatalogs(language: Language): Promise<void> {
  if (language === 'en') return;
  await Promise.all([...namespaces.keys()].map((namespace) => loadCatalog(namespace, language)));
}

/**
 * The active language, for rendering. Lingui's own hook re-renders every reader on each catalog
 * Lingui loads; here only a switch does: the English catalog a page's chunk registers as it loads
 * (mid-hydration on a prerendered page) or another namespace's Kiswahili catalog changes nothing
 * already on screen, and re-rendering every text on the page for it cost a phone a long task.
 */
export function useActiveLanguage(): Language {
  return useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
}
const subscribeToLanguage = (onChange: () => void) => i18n.on('change', onChange);
const currentLanguage = () => i18n.locale as Language;

/** A namespace's lookup hook; `.id(key)` names a message for Lingui's <Trans> (rich text: "Earn <0>KSh</0>"). */
export type TextHook<Key extends string> = (() => TextLookup<Key>) & { id: (key: Key) => string };

export function defineText<English extends Catalog>(
  namespace: string,
  english: English,
  loaders: CatalogLoaders,
): TextHook<Extract<keyof English, string>> {
  type Key = Extract<keyof English, string>;
  if (namespaces.has(namespace)) throw new Error(`Message namespace ${namespace} is defined twice`);
  namespaces.set(namespace, { english, loaders });
  i18n.load('en', withNamespace(namespace, english));

  // One lookup per language: a switch hands components a new one, so what memoises on it follows.
  const lookups = new Map<Language, TextLookup<Key>>();
  const lookupIn = (language: Language) => {
    let lookup = lookups.get(language);
    if (!lookup) lookups.set(language, (lookup = (key, values) => i18n._(`${namespace}:${key}`, values)));
    return lookup;
  };

  function useText(): TextLookup<Key> {
    const language = useActiveLanguage();
    if (language !== 'en') use(loadCatalog(namespace, language));
    return lookupIn(language);
  }
  return Object.assign(useText, { id: (key: Key) => `${namespace}:${key}` });
}
