/**
 * Tutor rules: availability and the public profile. Bookable times and the availability summary
 * subtract booked hours, so bookings composes them (bookings/free-slots.ts) from what this exports.
 */
import { DEFAULT_TIME_ZONE, type Profile } from '../profiles/contract.js';
import { getProfile } from '../profiles/service.js';
import { weekdayName } from '../shared/display.js';
import { Conflict, NotFound } from '../shared/errors.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { DEFAULT_MIN_NOTICE_HOURS } from './catalog.js';
import {
  tutorNotFound, type AddAvailabilityRequest, type AvailabilitySlot,
  type AvailabilityList, type PublicTutorProfile,
} from './contract.js';
import { addSlot, deleteSlot, listSlots, SlotOverlaps } from './availability-repository.js';
import { toCard } from './listing.js';
import { announceTutorChange } from './page-events.js';
import { countLessonTaught, getTutorFigures } from './figures-repository.js';
import { weeklyHours, type TutorSchedule } from './schedule.js';

/** A tutor's weekly slots, for other domains (bookings checks a lesson against them). */
export { listSlots } from './availability-repository.js';
/** Conversations keeps the tutor's first-reply samples and sets the hours profiles and cards show. */
export { setReplyHours } from './figures-repository.js';

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
    const slot = await addSlot(tutorId, input, now);
    // The profile page shows the weekly hours.
    await announceTutorChange(tutorId, 'availability');
    return slot;
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
  await announceTutorChange(tutorId, 'availability');
}

/** What decides a tutor's bookable times: weekly slots, their zone and their minimum notice. */
export const tutorSchedule = (profile: Profile, slots: readonly AvailabilitySlot[]): TutorSchedule => ({
  slots, timeZone: profile.timeZone, minNoticeHours: profile.minNoticeHours ?? DEFAULT_MIN_NOTICE_HOURS,
});

/** A tutor's profile, or "Tutor Not Found" for anyone who is not a tutor. */
/** Tutor ids are UUIDs; a link with any other id names no tutor: not found, without a lookup. */
const TUTOR_ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function requireTutor(tutorId: string): Promise<Profile> {
  if (!TUTOR_ID_SHAPE.test(tutorId)) throw new NotFound(tutorNotFound);
  const profile = await getProfile(tutorId);
  if (!profile || profile.role !== 'tutor') throw new NotFound(tutorNotFound);
  return profile;
}

export async function publicTutorProfile(tutorId: string): Promise<PublicTutorProfile> {
  if (!TUTOR_ID_SHAPE.test(tutorId)) throw new NotFound(tutorNotFound);
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

/**
 * A completed lesson counts once for the tutor's lessons taught, and its student once for their
 * students taught (maintained, never counted by reading). The figures item is all it writes: browse
 * and the profile read the figures from it. Safe to repeat: SQS delivers at least once.
 */
export async function recordLessonTaught(lesson: { tutorId: string; bookingId: string; studentId: string; occurredAt: string }) {
  const counted = await countLessonTaught(lesson.tutorId, lesson.bookingId, lesson.studentId, lesson.occurredAt);
  // The public page shows lessons and students taught: it is told once the counts moved (a render
  // on LessonCompleted itself could read the old ones). Told on every delivery, counted or not, so
  // a publish that failed is made good by the retry; the page's render-once absorbs the repeat.
  await announceTutorChange(lesson.tutorId, 'lessons');
  return counted;
}
