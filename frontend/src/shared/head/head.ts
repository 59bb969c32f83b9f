/**
 * The <head> of a prerendered page in its language: `<html lang>`, the page's title and
 * the description search engines and link previews show. Build-time only (frontend/prerender-plugin.ts):
 * the SPA never changes the description, so its catalogs are plain JSON read here, not Lingui's.
 */
import type { Language } from '@events/shared/language';
import en from './i18n/en.json';
import sw from './i18n/sw.json';

const HEAD_TEXT: Record<Language, typeof en> = { en, sw };
const PRODUCT = "Africa's Learning Platform";

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html (`template`, written in English) with the head of `language`; the page's `title` before the product's. */
export function headInLanguage(template: string, language: Language, title?: string): string {
  const description = /(<meta\s+name="description"\s+content=")[^"]*(")/;
  if (!description.test(template)) throw new Error('index.html has no <meta name="description"> to translate');
  let page = template
    .replace('<html lang="en">', `<html lang="${language}">`)
    .replace(description, `$1${escapeAttribute(HEAD_TEXT[language].description)}$2`);
  if (title) page = page.replace(`<title>${PRODUCT}</title>`, `<title>${title} · ${PRODUCT}</title>`);
  return page;
}
