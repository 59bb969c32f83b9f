/**
 * Message catalogs: every `i18n/<language>.json` (or `i18n/<page>.<language>.json`, one
 * namespace per route chunk) under src/ is a flat map of message id →
 * ICU MessageFormat text ("{count, plural, one {# lesson} other {# lessons}}"). This plugin compiles
 * each message with Lingui's compiler at build time, so the browser gets Lingui's ready-made form
 * and never downloads the compiler (≈ 7 KB gzip). The result is still JSON: Vite's JSON plugin then
 * turns it into a module as usual, and TypeScript types the keys from the source file.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

export const CATALOG_FILE = /[\\/]i18n[\\/](?:[\w-]+\.)?[a-z]{2}\.json$/;

export function compileCatalog(source: string, file: string): string {
  const messages = JSON.parse(source) as Record<string, unknown>;
  const compiled: Record<string, unknown> = {};
  for (const [id, text] of Object.entries(messages)) {
    if (typeof text !== 'string') throw new Error(`${file}: message "${id}" is not a string`);
    try {
      compiled[id] = compileMessage(text);
    } catch (error) {
      throw new Error(`${file}: message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return JSON.stringify(compiled);
}

export function compileMessageCatalogs(): Plugin {
  return {
    name: 'alp:compile-message-catalogs',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOG_FILE.test(file)) return null;
      return { code: compileCatalog(code, file), map: null };
    },
  };
}
