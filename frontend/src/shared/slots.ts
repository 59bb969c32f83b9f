/**
 * Bookable times (the tutor profile's calendar and the booking form): the API gives one-hour
 * starts in UTC; the visitor sees them on their own calendar days and clock, with
 * day and month names in the active language.
 */
import { activeLanguage } from './i18n/language';

/** English keeps en-GB's day-first dates ("Mon 14 Jul"), as shared/when.ts does; Kiswahili uses sw-KE. */
const DATE_LOCALES = { en: 'en-GB', sw: 'sw-KE' } as const;

export interface BookableTime {
  start: string;
  end: string;
  /** "09:00" in the viewer's zone. */
  label: string;
}

export interface BookableDay {
  /** "2025-07-14": the viewer's local date. */
  key: string;
  /** "Mon 14 Jul" / "Jumatatu, 14 Jul" */
  short: string;
  /** "Monday 14 July 2025": the date button's accessible name. */
  full: string;
  times: BookableTime[];
}

/** The browser's zone, e.g. "Africa/Nairobi" (UTC when the browser does not say). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function localDateKey(parts: Intl.DateTimeFormatPart[]): string {
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * Groups starts by the viewer's local date, in time order, one entry per start. Past starts
 * (before `now`) and unreadable ones are dropped.
 */
export function groupSlotsByLocalDate(
  slots: ReadonlyArray<{ start: string; end: string }>,
  timeZone: string,
  now: Date = new Date(),
): BookableDay[] {
  const keyFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const locale = DATE_LOCALES[activeLanguage()];
  const shortFormat = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const fullFormat = new Intl.DateTimeFormat(locale, {
    timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric',
  });

  const seen = new Set<number>();
  const sorted = slots
    .map((slot) => ({ ...slot, at: new Date(slot.start) }))
    .filter(({ at }) => !Number.isNaN(at.getTime()) && at.getTime() >= now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .filter(({ at }) => (seen.has(at.getTime()) ? false : (seen.add(at.getTime()), true)));

  const days = new Map<string, BookableDay>();
  for (const { start, end, at } of sorted) {
    const key = localDateKey(keyFormat.formatToParts(at));
    let day = days.get(key);
    if (!day) {
      day = { key, short: shortFormat.format(at), full: fullFormat.format(at), times: [] };
      days.set(key, day);
    }
    day.times.push({ start, end, label: timeFormat.format(at) });
  }
  return [...days.values()];
}
