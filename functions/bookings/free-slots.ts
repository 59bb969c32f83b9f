/**
 * Free time: a tutor's weekly availability (tutors) minus the hours their bookings hold (here).
 * Bookings owns the composition because it owns the held hours; tutors' slot and summary routes
 * call it, and tutors' service never reads bookings (so the two services do not import each other).
 */
import { BOOKING_WINDOW_DAYS } from '../tutors/catalog.js';
import type { AvailabilitySummary, TutorSlotsResponse } from '../tutors/contract.js';
import { bookableSlots, HOUR_MS, weeklyHours, weeklyStarts } from '../tutors/schedule.js';
import { listSlots, requireTutor, tutorSchedule } from '../tutors/service.js';
import { bookedHours } from './repository.js';

const DAY_MS = 24 * HOUR_MS;

/** Free one-hour starts within the booking window (BOOKING_WINDOW_DAYS). */
export async function tutorSlots(tutorId: string, now = new Date()): Promise<TutorSlotsResponse> {
  const profile = await requireTutor(tutorId);
  const until = new Date(now.getTime() + BOOKING_WINDOW_DAYS * DAY_MS);
  const [slots, taken] = await Promise.all([listSlots(tutorId), bookedHours(tutorId, now, until, now)]);
  return {
    timeZone: profile.timeZone,
    slots: bookableSlots(tutorSchedule(profile, slots), now, BOOKING_WINDOW_DAYS, new Set(taken.keys())),
  };
}

export async function availabilitySummary(tutorId: string, now = new Date()): Promise<AvailabilitySummary> {
  const profile = await requireTutor(tutorId);
  const weekEnd = new Date(now.getTime() + 7 * DAY_MS);
  const [slots, taken] = await Promise.all([
    listSlots(tutorId),
    bookedHours(tutorId, now, new Date(now.getTime() + (BOOKING_WINDOW_DAYS + 1) * DAY_MS), now),
  ]);
  const starts = weeklyStarts(slots, profile.timeZone, now, 7).map((d) => d.toISOString());
  const takenThisWeek = [...taken.keys()].filter((iso) => iso < weekEnd.toISOString());
  return {
    weeklyHours: weeklyHours(slots),
    slotsThisWeek: starts.length,
    openSlotsThisWeek: starts.filter((iso) => !takenThisWeek.includes(iso)).length,
    upcomingBookings: new Set(taken.values()).size,
  };
}

/** Hours (UTC ISO) bookings hold from `from` to `to`: paid lessons and unexpired holds. */
export async function heldHours(tutorId: string, from: Date, to: Date, now = new Date()): Promise<Set<string>> {
  return new Set((await bookedHours(tutorId, from, to, now)).keys());
}
