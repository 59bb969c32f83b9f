/**
 * A lesson's date, time and length on the viewer's clock (the API stores UTC), in the active
 * language: "Mon 14 Jul 2025" / "Jumatatu, 14 Jul 2025". Unit-tested.
 */
import { activeLanguage } from './i18n/language';

/** English keeps en-GB's short day-first dates ("Mon 14 Jul 2025"); Kiswahili uses sw-KE. */
const DATE_LOCALES = { en: 'en-GB', sw: 'sw-KE' } as const;

export interface SessionTime {
  /** "Mon 14 Jul 2025" */
  date: string;
  /** "09:00–10:30" */
  time: string;
  /** "09:00" */
  start: string;
}

const formats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  const locale = DATE_LOCALES[activeLanguage()];
  const id = `${locale}:${timeZone}`;
  let f = formats.get(id);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formats.set(id, f);
  }
  return f;
}

/** "21:05" on the viewer's clock. */
export function clockTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : formatsFor(timeZone).time.format(at);
}

export function sessionTime(scheduledAt: string, durationMinutes: number, timeZone: string): SessionTime {
  const start = new Date(scheduledAt);
  if (Number.isNaN(start.getTime())) return { date: '', time: '', start: '' };
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  const f = formatsFor(timeZone);
  const from = f.time.format(start);
  return { date: f.date.format(start).replace(',', ''), time: `${from}–${f.time.format(end)}`, start: from };
}

/** "2026-06" → "Jun" (with the year when asked: "Jun 2026"). Months are UTC, as the API keeps them. */
export function monthLabel(month: string, withYear = false): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(DATE_LOCALES[activeLanguage()], { timeZone: 'UTC', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

const DURATION_WORDS = {
  en: { hour: (h: number) => `${h} ${h === 1 ? 'hour' : 'hours'}`, minutes: (m: number) => `${m} minutes` },
  sw: { hour: (h: number) => `saa ${h}`, minutes: (m: number) => `dakika ${m}` },
} as const;

/** "1 hour", "1 hour 30 minutes", "2 hours" / "saa 1", "saa 1 dakika 30". */
export function durationLabel(minutes: number): string {
  const words = DURATION_WORDS[activeLanguage()];
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h ? words.hour(h) : '';
  const mins = m ? words.minutes(m) : '';
  return [hours, mins].filter(Boolean).join(' ') || words.minutes(0);
}

/** A date format of the caller's choosing in the active language ("16 Nov 2026, 14:05" / "16 Nov 2026, 14:05"). */
export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(DATE_LOCALES[activeLanguage()], options);
