/**
 * The product's languages, shared by the SPA, the profile contract and the e-mails.
 * Codes are BCP 47 primary tags, as `<html lang>`, Accept-Language and Intl take them.
 */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name: a switcher reads them to people who may not know the other. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sw: 'Kiswahili' };

/**
 * The cookie that tells the server a visitor's chosen language (the SPA writes it beside its own
 * storage), so prerendered pages arrive in it (infra/aws/prerendered-pages.ts).
 */
export const LANGUAGE_COOKIE = 'alp-language';

/** Intl locales: Kenyan conventions (KSh, day-first dates) in both languages. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-KE', sw: 'sw-KE' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first supported language among a visitor's preferences, most preferred first
 * (navigator.languages, or the tags of an Accept-Language header): `sw-KE` → sw, `en-GB` → en.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language an Accept-Language header asks for ("sw-KE,sw;q=0.9,en;q=0.8" → sw): its tags by
 * quality, highest first (a tag with q=0 is refused), then pickLanguage. No header → English.
 */
export function acceptedLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header.split(',').map((part, order) => {
    const [tag = '', ...params] = part.split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), order };
  });
  const wanted = tags.filter((t) => t.tag && t.quality > 0).sort((a, b) => b.quality - a.quality || a.order - b.order);
  return pickLanguage(wanted.map((t) => t.tag));
}
