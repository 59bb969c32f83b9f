/**
 * A weekly lesson plan's occurrences: one lesson a week on a weekday at a wall-clock time in the
 * tutor's zone, from a first week to the end of a school term or for N lessons. Times are kept as
 * wall-clock plus IANA zone and turned into instants one by one, so "Tuesday 17:00" stays 17:00
 * for the tutor across daylight-saving changes (Europe/London, America/New_York) and the family's
 * clock moves instead, as it does for any lesson with someone abroad.
 *
 * Every occurrence is checked, not only the first: a clash in week 5 is reported before anything
 * is charged.
 */
import { fromZonedTime } from 'date-fns-tz';
import { wallClock } from '../shared/time.js';
import { overlappedHours } from '../bookings/rules.js';
import type { AvailabilitySlot } from '../tutors/contract.js';
import { HOUR_MS, noticeCutoff, weeklyStarts } from '../tutors/schedule.js';
import { isInTermTime, planTerm, type SchoolDate, type SchoolTerm, KENYA_SCHOOL_TERMS } from './school-calendar.js';

const DAY_MS = 24 * HOUR_MS;

export interface WeeklyPattern {
  /** 0 Sunday … 6 Saturday, in the tutor's zone. */
  dayOfWeek: number;
  /** "HH:MM" wall clock in `timeZone`. */
  startTime: string;
  durationMinutes: 60 | 90 | 120;
  /** The tutor's IANA zone. */
  timeZone: string;
}

export type PlanLength =
  | { kind: 'term' }
  | { kind: 'weeks'; lessons: number; skipHolidays: boolean };

export interface Occurrence {
  /** yyyy-mm-dd in the tutor's zone. */
  localDate: SchoolDate;
  /** UTC ISO instants. */
  start: string;
  end: string;
}

export interface SkippedWeek {
  localDate: SchoolDate;
  reason: 'holiday' | 'no_such_time';
}

export interface PlanDates {
  occurrences: Occurrence[];
  skipped: SkippedWeek[];
  /** The term a "term" plan runs to the end of (and whether its dates are provisional). */
  term?: Pick<SchoolTerm, 'id' | 'closes' | 'provisional'>;
}

/** Hard stop on generation: a plan never holds more lessons than a school year has weeks. */
export const MAX_PLAN_LESSONS = 40;

/** yyyy-mm-dd plus whole days, on the calendar (no zone involved). */
function addDays(date: SchoolDate, days: number): SchoolDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function weekday(date: SchoolDate): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * The plan's lessons, starting with the first matching weekday strictly after `from` (a lesson
 * already under way or past is never planned). Term plans skip holidays and half-term breaks and
 * end with the term; "weeks" plans hold `lessons` lessons, skipping holidays only when asked.
 * A wall-clock time that does not exist that day (a spring-forward gap) is skipped and reported.
 */
export function planDates(
  pattern: WeeklyPattern, length: PlanLength, from: Date, terms: readonly SchoolTerm[] = KENYA_SCHOOL_TERMS,
): PlanDates {
  const today = wallClock(from, pattern.timeZone).slice(0, 10);
  let date = addDays(today, (pattern.dayOfWeek - weekday(today) + 7) % 7);
  const term = length.kind === 'term' ? planTerm(today, terms) : undefined;
  if (length.kind === 'term' && !term) return { occurrences: [], skipped: [] };
  const wanted = length.kind === 'weeks' ? Math.min(length.lessons, MAX_PLAN_LESSONS) : MAX_PLAN_LESSONS;
  const skipHolidays = length.kind === 'term' || length.skipHolidays;
  const occurrences: Occurrence[] = [];
  const skipped: SkippedWeek[] = [];
  for (let week = 0; occurrences.length < wanted && week < MAX_PLAN_LESSONS * 2; week++, date = addDays(date, 7)) {
    if (term && date > term.closes) break;
    const wall = `${date}T${pattern.startTime}:00`;
    const instant = fromZonedTime(wall, pattern.timeZone);
    if (instant.getTime() <= from.getTime()) continue;
    if (skipHolidays && !isInTermTime(date, terms)) {
      skipped.push({ localDate: date, reason: 'holiday' });
      continue;
    }
    if (wallClock(instant, pattern.timeZone) !== wall) {
      skipped.push({ localDate: date, reason: 'no_such_time' });
      continue;
    }
    occurrences.push({
      localDate: date,
      start: instant.toISOString(),
      end: new Date(instant.getTime() + pattern.durationMinutes * 60_000).toISOString(),
    });
  }
  return { occurrences, skipped, ...(term ? { term: { id: term.id, closes: term.closes, ...(term.provisional ? { provisional: true } : {}) } } : {}) };
}

export type Clash = { occurrence: Occurrence; reason: 'unavailable' | 'taken' | 'too_soon' };

/**
 * Which occurrences the tutor cannot teach: outside their weekly availability (every hour the
 * lesson overlaps must be an offered hour) or on an hour another booking holds. `taken` holds the
 * UTC ISO hours booked in the plan's span (bookings' bookedHours). A lesson sooner than the
 * tutor's minimum notice is not offered (too_soon), by the same cutoff a single booking is held to.
 */
export function planClashes(
  occurrences: readonly Occurrence[], slots: readonly AvailabilitySlot[], timeZone: string,
  taken: ReadonlySet<string>, now: Date, minNoticeHours = 0,
): Clash[] {
  if (!occurrences.length) return [];
  const last = Date.parse(occurrences[occurrences.length - 1]!.end);
  const days = Math.ceil((last - now.getTime()) / DAY_MS) + 1;
  const offered = new Set(weeklyStarts(slots, timeZone, now, days).map((d) => d.toISOString()));
  const cutoff = noticeCutoff(now, minNoticeHours);
  const clashes: Clash[] = [];
  for (const occurrence of occurrences) {
    const minutes = (Date.parse(occurrence.end) - Date.parse(occurrence.start)) / 60_000;
    const hours = overlappedHours(occurrence.start, minutes);
    if (!hours.every((h) => offered.has(h))) clashes.push({ occurrence, reason: 'unavailable' });
    else if (Date.parse(occurrence.start) < cutoff) clashes.push({ occurrence, reason: 'too_soon' });
    else if (hours.some((h) => taken.has(h))) clashes.push({ occurrence, reason: 'taken' });
  }
  return clashes;
}
