/**
 * Nairobi's weeks (pure, no zod; the SPA's links use them too): ISO weeks (2026-W48) of Nairobi's
 * calendar, Monday 00:00 to Sunday 23:59 EAT. Kenya keeps no daylight saving, so EAT is always
 * UTC+3 and a week is exactly 7 days.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** Africa/Nairobi is UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;
/** The job runs Sunday 18:00 EAT, 6 hours before the week ends. */
const SEND_BEFORE_WEEK_END_MS = 6 * HOUR_MS;

export const WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

/** Monday 00:00 UTC of ISO week 1 of `year` (the week with the year's first Thursday). */
function isoYearStartUtc(year: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0
  return jan4 - weekday * DAY_MS;
}

/** The ISO week of Nairobi's calendar that `at` falls in. */
export function weekOf(at: Date): string {
  const local = at.getTime() + NAIROBI_OFFSET_MS;
  const day = new Date(local);
  const weekday = (day.getUTCDay() + 6) % 7;
  const thursday = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) + (3 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const number = Math.floor((thursday.getTime() - isoYearStartUtc(year)) / WEEK_MS) + 1;
  return `${year}-W${String(number).padStart(2, '0')}`;
}

/** Whether `week` names a real ISO week (2026-W53 does not exist; 2026-W48 does). */
export function isWeek(week: string): boolean {
  const match = WEEK_PATTERN.exec(week);
  if (!match) return false;
  const [year, number] = [Number(match[1]), Number(match[2])];
  if (year < 2000 || year > 2999 || number < 1) return false;
  return weekOf(new Date(weekStart(week).getTime())) === week && number <= 53;
}

/** Monday 00:00 EAT of `week`, as an instant. */
export function weekStart(week: string): Date {
  const match = WEEK_PATTERN.exec(week);
  if (!match) throw new Error(`Not an ISO week: ${week}`);
  return new Date(isoYearStartUtc(Number(match[1])) + (Number(match[2]) - 1) * WEEK_MS - NAIROBI_OFFSET_MS);
}

/** [start, end) of `week` as instants. */
export function weekBounds(week: string): { start: Date; end: Date } {
  const start = weekStart(week);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/** Monday's and Sunday's dates (yyyy-mm-dd, Nairobi) of `week`. */
export function weekDays(week: string): { monday: string; sunday: string } {
  const local = weekStart(week).getTime() + NAIROBI_OFFSET_MS;
  return { monday: new Date(local).toISOString().slice(0, 10), sunday: new Date(local + 6 * DAY_MS).toISOString().slice(0, 10) };
}

/** The week `by` weeks after (negative: before) `week`. */
export const shiftWeek = (week: string, by: number): string => weekOf(new Date(weekStart(week).getTime() + by * WEEK_MS));

/**
 * The week a run at `at` reports: the latest one whose Sunday 18:00 EAT has passed. On AWS the
 * run is that Sunday evening; a retry on Monday, or the local runner's timer on any day, still
 * names the same week, so its once-keys hold.
 */
export const reportWeekAt = (at: Date): string => shiftWeek(weekOf(new Date(at.getTime() + SEND_BEFORE_WEEK_END_MS)), -1);

