/**
 * The server's texts in another language: its error messages, the field messages of the
 * shared zod contracts and the few success texts, translated from a catalog keyed by the English
 * text itself (functions/shared/i18n/<language>.json). Keyed by English rather than by codes because
 * the English text already is the contract: handlers, the SPA's client-side validation (the same
 * zod schemas) and the tests all carry it, so no throw site changes and a text cannot drift from its
 * key. A key with `{name}` placeholders matches a message with a value in it ("No account with the
 * e-mail {email}"); the value is carried into the translation, itself translated when the catalog has
 * it as a text ("The topic"). Values the server formats (dates, amounts, weekdays) it writes in the
 * caller's language already (HttpRequest.language). Pure and zod-free: the SPA uses it too.
 */
export type MessageCatalog = Readonly<Record<string, string>>;
export type Translate = (message: string) => string;

const PLACEHOLDER = /\{(\w+)\}/g;
const HAS_PLACEHOLDER = /\{\w+\}/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `{name}` of a key as a capture; the rest of the key literally. */
function keyPattern(key: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += `${escapeRegExp(key.slice(last, match.index))}(.+?)`;
    names.push(match[1] ?? '');
    last = match.index + match[0].length;
  }
  return { pattern: new RegExp(`^${source}${escapeRegExp(key.slice(last))}$`, 's'), names };
}

/** A lookup over `catalog`: exact English text first, then keys with placeholders; unknown text stays as it is. */
export function translator(catalog: MessageCatalog): Translate {
  const withValues = Object.entries(catalog)
    .filter(([key]) => HAS_PLACEHOLDER.test(key))
    .map(([key, translation]) => ({ ...keyPattern(key), translation }));
  return (message) => {
    const exact = catalog[message];
    if (exact !== undefined) return exact;
    for (const { pattern, names, translation } of withValues) {
      const match = pattern.exec(message);
      if (!match) continue;
      // A value that is itself a catalog text (a field's name, an upload place) is translated too.
      const values = new Map(names.map((name, i) => [name, catalog[match[i + 1] ?? ''] ?? match[i + 1] ?? '']));
      return translation.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
    }
    return message;
  };
}
