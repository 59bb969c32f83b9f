/**
 * The API's texts in the caller's language: `inLanguage(message, 'sw')`. English is the source
 * (the texts in code); other languages come from functions/shared/i18n/<language>.json
 * (message-catalog.ts says why the catalog is keyed by the English text).
 */
import sw from './i18n/sw.json';
import type { Language } from '../../events/shared/language.js';
import { translator, type Translate } from './message-catalog.js';

const translators: Record<Exclude<Language, 'en'>, Translate> = { sw: translator(sw) };

export function inLanguage(message: string, language: Language): string {
  return language === 'en' ? message : translators[language](message);
}

/** `error.details.fields[].message` translated; any other details as they are. */
export function detailsInLanguage(details: unknown, language: Language): unknown {
  if (language === 'en' || !details || typeof details !== 'object') return details;
  const { fields } = details as { fields?: unknown };
  if (!Array.isArray(fields)) return details;
  return {
    ...details,
    fields: fields.map((field: unknown) => {
      const message = (field as { message?: unknown } | null)?.message;
      return typeof message === 'string' ? { ...(field as object), message: inLanguage(message, language) } : field;
    }),
  };
}
