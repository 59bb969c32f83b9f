/** Booking rules that need no I/O: amounts, the hours a booking holds, hold expiry, subjects. */
import type { Profile } from '../profiles/contract.js';
import { DEFAULT_HOURLY_RATE } from '../tutors/catalog.js';
import { tutorSubjects } from '../tutors/listing.js';
import { HOUR_MS } from '../tutors/schedule.js';
import { freeCancellationHours, freeCancellationUntil } from './cancellation.js';
import { DEFAULT_BOOKING_SUBJECTS } from './catalog.js';
import type { Booking } from './contract.js';

export { bookingAmount } from './catalog.js';


export const tutorRate = (tutor: Pick<Profile, 'hourlyRate'>) => tutor.hourlyRate ?? DEFAULT_HOURLY_RATE;

/** The one-hour starts a booking occupies: 60 → 1, 90 → 2, 120 → 2. */
export function coveredHours(startIso: string, durationMinutes: number): string[] {
  const start = Date.parse(startIso);
  return Array.from({ length: Math.ceil(durationMinutes / 60) }, (_, i) => new Date(start + i * HOUR_MS).toISOString());
}

/** Every whole hour a lesson overlaps, whatever minute it starts on: 10:15 for 60 → 10:00 and 11:00. */
export function overlappedHours(startIso: string, durationMinutes: number): string[] {
  const start = Date.parse(startIso);
  const end = start + durationMinutes * 60_000;
  const hours: string[] = [];
  for (let hour = Math.floor(start / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS) hours.push(new Date(hour).toISOString());
  return hours;
}

/** Subjects a student may book with this tutor: theirs, or the 28 defaults when they list none. */
export function bookableSubjects(tutor: Pick<Profile, 'preferredSubjects' | 'expertise'>): readonly string[] {
  const own = tutorSubjects(tutor);
  return own.length ? own : DEFAULT_BOOKING_SUBJECTS;
}

export const DEFAULT_HOLD_MINUTES = 30;

export function holdMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.BOOKING_HOLD_MINUTES);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_HOLD_MINUTES;
}

/**
 * A booking as its readers see it now: an unpaid booking whose hold has run out no longer holds
 * its time (it shows as expired), and every booking says until when it can be cancelled for free.
 */
export function effectiveBooking(booking: Booking, now = new Date()): Booking {
  const withDeadline = Number.isNaN(Date.parse(booking.scheduledAt)) ? booking
    : { ...booking, freeCancellationUntil: freeCancellationUntil(booking.scheduledAt, freeCancellationHours()) };
  if (booking.status === 'pending' && booking.paymentStatus !== 'paid' && booking.holdExpiresAt
    && Date.parse(booking.holdExpiresAt) <= now.getTime()) {
    return { ...withDeadline, status: 'expired' };
  }
  return withDeadline;
}

const DAY_MS = 24 * HOUR_MS;

/** [from, to) cut at UTC midnights: one piece per day it touches, as the paid lessons index is partitioned. */
export function utcDayPieces(from: Date, to: Date): Array<{ day: string; from: string; to: string }> {
  const pieces: Array<{ day: string; from: string; to: string }> = [];
  for (let start = from.getTime(); start < to.getTime();) {
    const nextMidnight = (Math.floor(start / DAY_MS) + 1) * DAY_MS;
    const end = Math.min(nextMidnight, to.getTime());
    pieces.push({ day: new Date(start).toISOString().slice(0, 10), from: new Date(start).toISOString(), to: new Date(end).toISOString() });
    start = end;
  }
  return pieces;
}
