/** Tutor rules: availability, the public profile, bookable times and the availability summary. */
import { DEFAULT_TIME_ZONE, type Profile } from '../profiles/contract.js';
import { bookedHours } from '../bookings/service.js';
import { getProfile } from '../profiles/service.js';
import { weekdayName } from '../shared/display.js';
import { Conflict, NotFound } from '../shared/errors.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { BOOKING_WINDOW_DAYS, DEFAULT_MIN_NOTICE_HOURS } from './catalog.js';
import {
  tutorNotFound, type AddAvailabilityRequest, type AvailabilitySlot, type AvailabilitySummary,
  type AvailabilityList, type PublicTutorProfile, type TutorSlotsResponse,
} from './contract.js';
import { addSlot, deleteSlot, listSlots, SlotOverlaps } from './availability-repository.js';
import { toCard } from './listing.js';
import { countLessonTaught, getTutorFigures } from './figures-repository.js';
import { reindexTutorListing } from './listing-service.js';
import { bookableSlots, HOUR_MS, weeklyHours, weeklyStarts, type TutorSchedule } from './schedule.js';

const DAY_MS = 24 * HOUR_MS;

/** A tutor's weekly slots, for other domains (bookings checks a lesson against them). */
export { listSlots } from './availability-repository.js';

/** A tutor's own weekly slots (Monday-first display is the SPA's), with the zone they are in. */
export async function myAvailability(tutorId: string): Promise<AvailabilityList> {
  const [slots, profile] = await Promise.all([listSlots(tutorId), getProfile(tutorId)]);
  return { slots, timeZone: profile?.timeZone ?? DEFAULT_TIME_ZONE };
}

/** `language`: the weekday in the overlap refusal is named in the caller's language. */
export async function addAvailability(
  tutorId: string, input: AddAvailabilityRequest, now = new Date(), language: Language = DEFAULT_LANGUAGE,
): Promise<AvailabilitySlot> {
  try {
    return await addSlot(tutorId, input, now);
  } catch (error) {
    if (error instanceof SlotOverlaps) {
      throw new Conflict('slot_overlaps',
        `This slot overlaps another availability slot on ${weekdayName(input.dayOfWeek, language)}. Choose a different time.`);
    }
    throw error;
  }
}

export async function removeAvailability(tutorId: string, slotId: string): Promise<void> {
  if (!(await deleteSlot(tutorId, slotId))) throw new NotFound('Availability slot not found');
}

/** What decides a tutor's bookable times: weekly slots, their zone and their minimum notice. */
export const tutorSchedule = (profile: Profile, slots: readonly AvailabilitySlot[]): TutorSchedule => ({
  slots, timeZone: profile.timeZone, minNoticeHours: profile.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS,
});

/** A tutor's profile, or "Tutor Not Found" for anyone who is not a tutor (spec §8). */
export async function requireTutor(tutorId: string): Promise<Profile> {
  const profile = await getProfile(tutorId);
  if (!profile || profile.role !== 'tutor') throw new NotFound(tutorNotFound);
  return profile;
}

export async function publicTutorProfile(tutorId: string): Promise<PublicTutorProfile> {
  const [profile, slots, figures] = await Promise.all([requireTutor(tutorId), listSlots(tutorId), getTutorFigures(tutorId)]);
  return {
    ...toCard(profile, figures),
    ...(profile.bio ? { bio: profile.bio } : {}),
    expertise: profile.expertise,
    specializations: profile.specializations,
    preferredSubjects: profile.preferredSubjects,
    ...(profile.teachingExperience ? { teachingExperience: profile.teachingExperience } : {}),
    ...(profile.educationBackground ? { educationBackground: profile.educationBackground } : {}),
    certifications: profile.certifications,
    timeZone: profile.timeZone,
    memberSince: profile.createdAt,
    stats: { completedSessions: figures.lessonsTaught, weeklyHours: weeklyHours(slots) },
  };
}

/** Free one-hour starts for the next 30 days (spec §5 booking window). */
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

/**
 * A completed lesson counts once for the tutor's lessons taught, and its student once for their
 * students taught (issue 13: maintained, never counted by reading); the browse entries follow.
 * Safe to repeat: SQS delivers at least once.
 */
export async function recordLessonTaught(lesson: { tutorId: string; bookingId: string; studentId: string; occurredAt: string }) {
  const counted = await countLessonTaught(lesson.tutorId, lesson.bookingId, lesson.studentId, lesson.occurredAt);
  await reindexTutorListing(lesson.tutorId);
  return counted;
}
