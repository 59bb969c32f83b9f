/**
 * Every message catalog (frontend/src/**\/i18n/[<page>.]<language>.json) exists in every language with the
 * same keys, compiles as ICU MessageFormat, and uses the same placeholders in each language: a
 * translation that drops {name} or a plural would show the reader something else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../../i18n-plugin';
import { LANGUAGES } from './language';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** A catalog: `<base><language>.json`, base `…/i18n/` or, one per route chunk, `…/i18n/<page>.`. */
interface Catalog { name: string; base: string }

function catalogs(dir: string): Catalog[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (!entry.isDirectory()) return [];
    if (entry.name !== 'i18n') return catalogs(path);
    return readdirSync(path).flatMap((file) => {
      const page = /^(?:([\w-]+)\.)?en\.json$/.exec(file);
      if (!page) return [];
      return [{ name: [relative(SRC, dir), page[1]].filter(Boolean).join(' '), base: `${path}/${file.slice(0, -'en.json'.length)}` }];
    });
  });
}

const read = (catalog: Catalog, language: string): Record<string, string> =>
  JSON.parse(readFileSync(`${catalog.base}${language}.json`, 'utf8')) as Record<string, string>;

/** Placeholder names of a compiled message: {name}, {count, plural, …} and those inside its branches. */
function placeholders(compiled: unknown, found = new Set<string>()): Set<string> {
  if (!Array.isArray(compiled)) return found;
  for (const part of compiled) {
    if (!Array.isArray(part)) continue;
    if (typeof part[0] === 'string') found.add(part[0]);
    const branches = part[2];
    if (branches && typeof branches === 'object') for (const branch of Object.values(branches)) placeholders(branch, found);
  }
  return found;
}

const found = catalogs(SRC);

describe('message catalogs', () => {
  it('are found', () => {
    expect(found.length).toBeGreaterThan(0);
  });

  for (const catalog of found) {
    const { name } = catalog;
    const english = read(catalog, 'en');

    it(`${name}: every language has exactly the English keys`, () => {
      for (const language of LANGUAGES) {
        expect(Object.keys(read(catalog, language)).sort(), `${catalog.base}${language}.json`).toEqual(Object.keys(english).sort());
      }
    });

    it(`${name}: every message compiles and keeps the English placeholders`, () => {
      const compiledEnglish = JSON.parse(compileCatalog(JSON.stringify(english), 'en.json')) as Record<string, unknown>;
      for (const language of LANGUAGES) {
        const translated = JSON.parse(compileCatalog(JSON.stringify(read(catalog, language)), `${language}.json`)) as Record<string, unknown>;
        for (const key of Object.keys(english)) {
          expect([...placeholders(translated[key])].sort(), `${name} ${language} "${key}"`).toEqual([...placeholders(compiledEnglish[key])].sort());
          const tags = (text: string | undefined) => [...(text ?? '').matchAll(/<(\d+)>/g)].map((m) => m[1]).sort();
          expect(tags(read(catalog, language)[key]), `${name} ${language} "${key}" rich-text tags`).toEqual(tags(english[key]));
        }
      }
    });
  }
});

describe('plurals', () => {
  const message = '{count, plural, one {# lesson} other {# lessons}}';
  const kiswahili = '{count, plural, one {somo #} other {masomo #}}';
  const i18n = setupI18n();
  i18n.load({
    en: JSON.parse(compileCatalog(JSON.stringify({ lessons: message }), 'en.json')) as Messages,
    sw: JSON.parse(compileCatalog(JSON.stringify({ lessons: kiswahili }), 'sw.json')) as Messages,
  });

  it('follow each language’s rules from Intl.PluralRules', () => {
    i18n.activate('en');
    expect([1, 2, 0].map((count) => i18n._('lessons', { count }))).toEqual(['1 lesson', '2 lessons', '0 lessons']);
    i18n.activate('sw');
    expect([1, 2, 0].map((count) => i18n._('lessons', { count }))).toEqual(['somo 1', 'masomo 2', 'masomo 0']);
  });
});
