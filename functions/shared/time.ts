/** The Monday (UTC) of the week an instant falls in, as yyyy-mm-dd: the key of weekly counters. */
export function weekOf(date: Date): string {
  const day = date.getUTCDay(); // 0 Sunday
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - ((day + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

/** The last `count` week keys, oldest first. */
export function lastWeeks(now: Date, count: number): string[] {
  const current = Date.parse(`${weekOf(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(current - (count - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10));
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant on a zone's wall clock, as `yyyy-MM-ddTHH:mm:ss` (slice 0–10 for the date). Intl
 * does this without date-fns's `format`, which would add about 20 KB to every plan and calendar
 * bundle for two fixed patterns.
 */
export function wallClock(instant: Date, timeZone: string): string {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
