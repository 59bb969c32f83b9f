/** A lesson's date, time and length on the viewer's clock (the API stores UTC). Pure, unit-tested. */

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
  let f = formats.get(timeZone);
  if (!f) {
    f = {
      date: new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
      time: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formats.set(timeZone, f);
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
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short', ...(withYear ? { year: 'numeric' } : {}) }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** "1 hour", "1 hour 30 minutes", "2 hours". */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h ? `${h} ${h === 1 ? 'hour' : 'hours'}` : '';
  const mins = m ? `${m} minutes` : '';
  return [hours, mins].filter(Boolean).join(' ') || '0 minutes';
}
