/**
 * The booking form's choices: dates in the next 30 days that have a free start, the
 * free hourly starts of the chosen date, and the durations that fit — all on the viewer's clock.
 * GET /api/tutors/{id}/slots lists free one-hour starts (UTC); a 90- or 120-minute lesson also
 * occupies the following hour, so it is offered only when that hour is free too.
 * Pure and zod-free, so it is unit-tested and costs the page nothing.
 */
import { groupSlotsByLocalDate, type BookableDay, type BookableTime } from '../../shared/slots';

/** Lesson lengths: the same list as DURATIONS in functions/bookings/contract.ts (checked by a test). */
import { DURATIONS as BOOKING_DURATIONS, type Duration as BookingDuration } from '@functions/bookings/catalog';

export { BOOKING_DURATIONS, type BookingDuration };

const HOUR_MS = 3_600_000;

export interface StartOption extends BookableTime {
  /** The durations this start can take: always 60; 90 and 120 only if the next hour is free. */
  durations: BookingDuration[];
}

export interface DateOption extends Omit<BookableDay, 'times'> {
  times: StartOption[];
}

/** The hours (as epoch ms) a lesson covers: 60 → 1, 90 → 2, 120 → 2 (as the API locks them). */
export const hoursCovered = (durationMinutes: number): number => Math.ceil(durationMinutes / 60);

/** Durations that fit at `start`, given every free start (epoch ms). */
export function durationsAt(start: number, free: ReadonlySet<number>): BookingDuration[] {
  return BOOKING_DURATIONS.filter((minutes) =>
    Array.from({ length: hoursCovered(minutes) }, (_, i) => start + i * HOUR_MS).every((hour) => free.has(hour)),
  );
}

/** Dates with free starts, in the viewer's zone, each start with the durations that fit. */
export function bookingDateOptions(
  slots: ReadonlyArray<{ start: string; end: string }>,
  timeZone: string,
  now: Date = new Date(),
): DateOption[] {
  const free = new Set(slots.map((slot) => Date.parse(slot.start)).filter((ms) => !Number.isNaN(ms)));
  return groupSlotsByLocalDate(slots, timeZone, now).map((day) => ({
    ...day,
    times: day.times.map((time) => ({ ...time, durations: durationsAt(Date.parse(time.start), free) })),
  }));
}

export interface InitialChoice {
  /** The local date key to preselect ('' for none). */
  date: string;
  /** The UTC start to preselect ('' for none). */
  start: string;
  /** The link asked for a time that is no longer free. */
  startGone: boolean;
}

/**
 * What a link from the profile calendar preselects: ?start=ISO (date and time) or
 * ?date=YYYY-MM-DD (date only). A start that has been taken meanwhile keeps its date if that
 * date still has other times.
 */
export function initialChoice(days: readonly DateOption[], wanted: { start?: string | null; date?: string | null }): InitialChoice {
  const wantedMs = wanted.start ? Date.parse(wanted.start) : Number.NaN;
  if (!Number.isNaN(wantedMs)) {
    for (const day of days) {
      const time = day.times.find((t) => Date.parse(t.start) === wantedMs);
      if (time) return { date: day.key, start: time.start, startGone: false };
    }
    return { date: '', start: '', startGone: true };
  }
  const date = wanted.date && days.some((d) => d.key === wanted.date) ? wanted.date : '';
  return { date, start: '', startGone: false };
}
