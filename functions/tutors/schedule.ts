/**
 * From weekly availability (wall-clock in the tutor's zone) to real bookable one-hour starts.
 * Shared by the public calendar, the availability summary and booking validation.
 */
import { fromZonedTime } from 'date-fns-tz';
import { wallClock } from '../shared/time.js';
import type { AvailabilitySlot } from './contract.js';

export const HOUR_MS = 3_600_000;

export interface BookableSlot { start: string; end: string }

/** yyyy-mm-dd dates in `timeZone`, starting with the local date of `from`. */
function localDates(from: Date, timeZone: string, days: number): Array<{ date: string; weekday: number }> {
  const [y, m, d] = wallClock(from, timeZone).slice(0, 10).split('-').map(Number) as [number, number, number];
  return Array.from({ length: days + 1 }, (_, i) => {
    const day = new Date(Date.UTC(y, m - 1, d + i));
    return { date: day.toISOString().slice(0, 10), weekday: day.getUTCDay() };
  });
}

/**
 * Every one-hour start inside the tutor's weekly slots, strictly after `from` and before
 * `from + days`, as UTC instants, in order. A wall-clock hour that does not exist on a DST
 * change day is skipped; one that occurs twice is offered once.
 */
export function weeklyStarts(slots: readonly AvailabilitySlot[], timeZone: string, from: Date, days: number): Date[] {
  const until = from.getTime() + days * 24 * HOUR_MS;
  const seen = new Set<number>();
  const starts: Date[] = [];
  for (const { date, weekday } of localDates(from, timeZone, days)) {
    for (const slot of slots) {
      if (!slot.isAvailable || slot.dayOfWeek !== weekday) continue;
      const first = Number(slot.startTime.slice(0, 2));
      const last = Number(slot.endTime.slice(0, 2));
      for (let h = first; h < last; h++) {
        const wall = `${date}T${String(h).padStart(2, '0')}:00:00`;
        const instant = fromZonedTime(wall, timeZone);
        // Skip hours that don't exist locally (the conversion lands on another wall time).
        if (wallClock(instant, timeZone) !== wall) continue;
        const t = instant.getTime();
        if (t <= from.getTime() || t >= until || seen.has(t)) continue;
        seen.add(t);
        starts.push(instant);
      }
    }
  }
  return starts.sort((a, b) => a.getTime() - b.getTime());
}

/** What decides when a tutor can be booked. */
export interface TutorSchedule {
  slots: readonly AvailabilitySlot[];
  /** The zone the weekly slots are wall-clock in. */
  timeZone: string;
  /** Whole hours of notice a lesson needs. */
  minNoticeHours: number;
}

/** The earliest start a booking made at `now` may have (ms): now plus the tutor's notice. */
export const noticeCutoff = (now: Date, minNoticeHours: number) => now.getTime() + minNoticeHours * HOUR_MS;

/**
 * The one rule for bookable times, used both to offer them (the public calendar) and to accept
 * them (booking): whole hours of the tutor's own day inside the weekly slots (so :30 or :15 UTC
 * in Kolkata or Kathmandu), from now plus the notice, within `days`.
 */
export function lessonTimeProblem(
  schedule: TutorSchedule, startIso: string, hours: readonly string[], now: Date, days: number,
): 'unavailable' | 'too_soon' | null {
  const offered = new Set(weeklyStarts(schedule.slots, schedule.timeZone, now, days).map((d) => d.toISOString()));
  if (!hours.every((h) => offered.has(h))) return 'unavailable';
  return Date.parse(startIso) < noticeCutoff(now, schedule.minNoticeHours) ? 'too_soon' : null;
}

/** Free one-hour starts a student can book now (the calendar): the rule above, less taken hours. */
export function bookableSlots(schedule: TutorSchedule, now: Date, days: number, taken: ReadonlySet<string>): BookableSlot[] {
  const cutoff = noticeCutoff(now, schedule.minNoticeHours);
  return weeklyStarts(schedule.slots, schedule.timeZone, now, days)
    .filter((d) => d.getTime() >= cutoff)
    .map((s) => s.toISOString())
    .filter((iso) => !taken.has(iso))
    .map((start) => ({ start, end: new Date(Date.parse(start) + HOUR_MS).toISOString() }));
}

export function weeklyHours(slots: readonly AvailabilitySlot[]): number {
  return slots.filter((s) => s.isAvailable)
    .reduce((sum, s) => sum + Number(s.endTime.slice(0, 2)) - Number(s.startTime.slice(0, 2)), 0);
}

/** Two slots on the same weekday overlap when their hour ranges intersect. */
export function slotHours(slot: Pick<AvailabilitySlot, 'startTime' | 'endTime'>): string[] {
  const out: string[] = [];
  for (let h = Number(slot.startTime.slice(0, 2)); h < Number(slot.endTime.slice(0, 2)); h++) {
    out.push(String(h).padStart(2, '0'));
  }
  return out;
}
