/**
 * How money, dates and time zones read everywhere (SPA screens and e-mails), in the reader's
 * language: one currency label (KSh), Kenyan conventions through Intl ('en-KE' or
 * 'sw-KE'), and the zone's short name ("EAT"), never the raw IANA id. zod-free and pure, so light
 * pages import it and it is unit-tested. Every function takes the language last, English by default.
 */
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from '../../events/shared/language.js';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, withCents: boolean): Intl.NumberFormat {
  const id = `${language}:${withCents}`;
  let format = numberFormats.get(id);
  if (!format) {
    const digits = withCents ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 0 };
    format = new Intl.NumberFormat(INTL_LOCALES[language], digits);
    numberFormats.set(id, format);
  }
  return format;
}

/** "2,250", or "2,332.50" when there are cents. */
export const formatMoney = (value: number, language: Language = DEFAULT_LANGUAGE): string =>
  numberFormat(language, !Number.isInteger(value)).format(value);

/** The one way an amount in KES is shown, in both languages: "KSh 2,250" (a minus before the label). */
export const ksh = (value: number, language: Language = DEFAULT_LANGUAGE): string =>
  value < 0 ? `−KSh ${formatMoney(-value, language)}` : `KSh ${formatMoney(value, language)}`;

/** Minor units (as stored) in: "KSh 1,500", "KSh 1,500.50"; another currency by its code: "USD 15.50". */
export const kshMinor = (amountMinor: number, currency = 'KES', language: Language = DEFAULT_LANGUAGE): string =>
  currency === 'KES' ? ksh(amountMinor / 100, language) : `${currency} ${formatMoney(amountMinor / 100, language)}`;

/** "KSh 1,900/hr", "KSh 1,900 kwa saa". */
export const kshPerHour = (rate: number, language: Language = DEFAULT_LANGUAGE): string =>
  language === 'sw' ? `${ksh(rate, language)} kwa saa` : `${ksh(rate, language)}/hr`;

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000], ['month', 30 * 86_400_000], ['week', 7 * 86_400_000],
  ['day', 86_400_000], ['hour', 3_600_000], ['minute', 60_000],
];

/** "in 2 hours" / "baada ya saa 2", "yesterday" / "jana": `iso` against `now`, in the largest whole unit. */
export function relativeTime(iso: string, now: Date = new Date(), language: Language = DEFAULT_LANGUAGE): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const diff = at - now.getTime();
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[language], { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= size) return format.format(Math.trunc(diff / size), unit);
  }
  return format.format(0, 'minute');
}

/** "850", "1.5K", "12K", "2.3M": short enough for a chart's axis or to sit above a bar on a phone. */
export function compactNumber(value: number): string {
  const short = (n: number) => (n >= 100 ? Math.round(n).toString() : n.toFixed(1).replace(/\.0$/, ''));
  if (value >= 1_000_000) return `${short(value / 1_000_000)}M`;
  if (value >= 1_000) return `${short(value / 1_000)}K`;
  return short(value);
}

/** An amount in KSh as compactNumber writes it, whole shillings below a thousand ("850", "1.5K"). */
export const compactAmount = (amount: number): string => (amount >= 1_000 ? compactNumber(amount) : formatMoney(Math.round(amount)));

/**
 * A zone as people read it: Intl's short name in Kenyan English ("EAT", "WAT", "GMT",
 * "GMT+5:30"), at `at` so summer time shows right. An id the browser doesn't know stays as is.
 */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  try {
    // Always English's short names: Kiswahili's Intl data has only "GMT +3" where Kenyans say EAT.
    const part = new Intl.DateTimeFormat('en-KE', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** A lesson's start as people read it, in their zone: "Monday, 23 November 2026 at 09:00 (EAT)". */
export function lessonTimeIn(iso: string, timeZone: string, language: Language = DEFAULT_LANGUAGE): string {
  const at = new Date(iso);
  let text: string;
  try {
    text = new Intl.DateTimeFormat(INTL_LOCALES[language], { dateStyle: 'full', timeStyle: 'short', timeZone }).format(at);
  } catch {
    // A zone this runtime doesn't know: UTC, said so, rather than no answer.
    return lessonTimeIn(iso, 'UTC', language);
  }
  return `${text} (${zoneName(timeZone, at)})`;
}

/** A weekday by its number (0 = Sunday, as stored): "Monday", "Jumatatu". */
export function weekdayName(dayOfWeek: number, language: Language = DEFAULT_LANGUAGE): string {
  // 4 January 1970 was a Sunday: that date plus dayOfWeek days, read in UTC.
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(1970, 0, 4 + dayOfWeek)));
}
