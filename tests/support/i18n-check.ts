/**
 * Is a page in the language it claims? `visibleTextNotIn(page, 'sw')` lists the texts a reader (or
 * a screen reader) gets that are no message of that language: visible text nodes, and aria-label,
 * title, alt and placeholder attributes. Messages are every catalog under frontend/src
 * (i18n/<language>.json, i18n/<page>.<language>.json) and, for Kiswahili, the API's texts
 * (functions/shared/i18n/sw.json, which the API answers in). ICU placeholders, plurals and
 * selects match anything; rich-text tags split a message into parts that each match. Numbers,
 * amounts, times, e-mail addresses and the `allow`ed data (people's names, what users wrote)
 * are not language.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { INTL_LOCALES, LANGUAGE_NAMES, type Language } from '../../events/shared/language.js';

type Catalog = Record<string, string>;

function catalogFiles(dir: string, language: Language): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return catalogFiles(path, language);
    return basename(dir) === 'i18n' && (entry.name === `${language}.json` || entry.name.endsWith(`.${language}.json`)) ? [path] : [];
  });
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Catalog;

/** A message's ICU arguments (`{name}`, `{count, plural, one {…} other {…}}`) as one wildcard mark. */
function withWildcards(message: string): string {
  let out = '';
  let depth = 0;
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) out += '\u0000';
      depth += 1;
    } else if (char === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += char;
  }
  return out;
}

/**
 * The branches of a message's plurals and selects, as texts of their own ("somo #" → "somo \0"):
 * a page shows one branch, with the number where `#` stands.
 */
function branches(message: string): string[] {
  return [...message.matchAll(/(?:zero|one|two|few|many|other|=\d+|[a-z_]+)\s*\{([^{}]*)\}/g)]
    .map(([, text]) => text!.replace(/#/g, '\u0000'));
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each message's parts between rich-text tags, as patterns a text node must match whole. */
function messagePatterns(language: Language): RegExp[] {
  const messages = catalogFiles('frontend/src', language).flatMap((file) => Object.values(read(file)));
  if (language === 'sw') messages.push(...Object.values(read('functions/shared/i18n/sw.json')));
  else messages.push(...Object.keys(read('functions/shared/i18n/sw.json')));
  const parts = messages.flatMap((message) => [withWildcards(message), ...branches(message)].flatMap((text) => text.split(/<\/?\d+>/)))
    .map(normalise).filter((p) => p && p !== '\u0000');
  return [...new Set(parts)].map((part) => new RegExp(`^${part.split('\u0000').map(escapeRegExp).join('.*?')}$`, 's'));
}

/** Not language: numbers, amounts, times and dates in digits, e-mail addresses, lone symbols. */
const NOT_LANGUAGE = [
  /^[^\p{L}]*$/u, // digits, punctuation, quotes, symbols (✓)
  /^(utc|eat|gmt([+-]\d{1,2}(:\d{2})?)?)$/, // time zones by their short name
  /^(ksh|kes|usd)\s?[\d,.\s]+(\/\w+)?$/i,
  /^\S+@\S+\.\S+$/,
  /^[a-z0-9]{1,2}$/i, // initials of an avatar, a single letter
];

/** Words Intl writes in dates of `language` (weekdays, months, "saa"/"at"): a date is in the language, though in no catalog. */
function dateWords(language: Language): Set<string> {
  const words = new Set<string>();
  const locale = INTL_LOCALES[language];
  for (let day = 0; day < 366; day += 1) {
    const at = new Date(Date.UTC(2026, 0, 1 + day, 9));
    for (const style of [{ dateStyle: 'full', timeStyle: 'short' }, { weekday: 'short', month: 'short', day: 'numeric' }] as const) {
      for (const word of new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' }).format(at).toLowerCase().split(/[\s,.]+/)) {
        if (/\p{L}/u.test(word)) words.add(word);
      }
    }
  }
  return words;
}

/** The texts of a page that are no message of `language` (empty when the page is wholly in it). */
export async function visibleTextNotIn(page: Page, language: Language, allow: readonly (string | RegExp)[] = []): Promise<string[]> {
  const patterns = messagePatterns(language);
  const dates = dateWords(language);
  const isDate = (text: string) => text.split(/[\s,.–—-]+/).every((word) => !word || /^[\d:()]+$/.test(word) || dates.has(word) || ['eat', '(eat)'].includes(word));
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (node.nodeValue?.trim()) found.push(node.nodeValue);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value?.trim()) found.push(value);
      }
    }
    return found;
  });
  // The switcher names each language in itself (events/shared/language.ts), whatever the page's language.
  const allowed = [...allow, ...Object.values(LANGUAGE_NAMES)].map((a) => (typeof a === 'string' ? normalise(a) : a));
  const isAllowed = (text: string) => allowed.some((a) => (typeof a === 'string' ? text === a || a.includes(text) : a.test(text)));
  return [...new Set(texts.map(normalise))].filter((text) =>
    !NOT_LANGUAGE.some((pattern) => pattern.test(text)) && !isAllowed(text) && !isDate(text) && !patterns.some((pattern) => pattern.test(text)));
}
