/**
 * Tutors contract (browse, profile and availability),
 * shared by the API and the SPA.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../events/shared/language.js';
import { userText } from '../shared/text.js';
import { TrialOffer } from './trial-offer.js';
import { badIdMessage, MAX_ID_LENGTH, RecordId } from '../shared/contract.js';
import { CURRICULA, GRADE_IDS, GRADES, gradeBelongsTo } from '../households/grades-catalog.js';
import {
  availabilityMessages, AVAILABILITY_HOURS, BROWSE_SORTS, endsAfterStart, hourlyRateMessage, LEVELS, MAX_HOURLY_RATE, MAX_MIN_NOTICE_HOURS, MIN_HOURLY_RATE, minNoticeMessage,
  SPECIALIZATIONS, TUTOR_SUBJECTS,
} from './catalog.js';

/** 0 Sunday … 6 Saturday, as in the spec. */
export const DayOfWeek = z.number({ error: 'Choose a day' }).int().min(0).max(6);

/** "HH:MM", 24-hour, wall-clock in the tutor's time zone. */
export const WallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM');

export const AvailabilitySlot = z.object({
  id: z.string(),
  dayOfWeek: DayOfWeek,
  startTime: WallTime,
  endTime: WallTime,
  isAvailable: z.boolean(),
});
export type AvailabilitySlot = z.infer<typeof AvailabilitySlot>;

export const AvailabilityList = z.object({ slots: z.array(AvailabilitySlot), timeZone: z.string() });
export type AvailabilityList = z.infer<typeof AvailabilityList>;

export { availabilityMessages } from './catalog.js';

const hour = z.enum(AVAILABILITY_HOURS as [string, ...string[]], { error: availabilityMessages.hoursOnly });

/** POST /api/me/availability. Default in the form: Monday 09:00–10:00. */
export const AddAvailabilityRequest = z
  .object({ dayOfWeek: DayOfWeek, startTime: hour, endTime: hour })
  .refine((s) => endsAfterStart(s), { message: availabilityMessages.endAfterStart, path: ['endTime'] });
export type AddAvailabilityRequest = z.infer<typeof AddAvailabilityRequest>;
export const AddAvailabilityResponse = z.object({ slot: AvailabilitySlot });
export type AddAvailabilityResponse = z.infer<typeof AddAvailabilityResponse>;

/** Real numbers for the availability side panel (the prototype's were hard-coded). */
export const AvailabilitySummary = z.object({
  /** Weekly availability, in hours. */
  weeklyHours: z.number(),
  /** Bookable one-hour slots in the next 7 days. */
  slotsThisWeek: z.number(),
  /** Of those, still free. */
  openSlotsThisWeek: z.number(),
  /** Booked lessons still ahead. */
  upcomingBookings: z.number(),
});
export type AvailabilitySummary = z.infer<typeof AvailabilitySummary>;

// ---- Profile editing (PATCH /api/me/profile) ----

const Text = (max: number) => userText().trim().max(max, `At most ${max} characters`);
const pickList = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.array(z.enum(values, { error: `Choose ${label} from the list` }))
    .max(values.length)
    .refine((a) => new Set(a).size === a.length, `Each ${label} can be picked once`);

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Fields every user may change about themselves. */
export const PersonalFields = z.object({
  firstName: Text(80).min(1, 'First name is required'),
  lastName: Text(80).min(1, 'Last name is required'),
  phone: z.string().trim().regex(/^$|^\+?[0-9 ()-]{7,20}$/, 'Please enter a valid phone number'),
  country: Text(60).min(1, 'Country is required'),
});

export const gradeMessages = {
  unknownGrade: 'Choose grades from the list',
  gradeTwice: 'Each grade can be picked once',
  gradeNotInCurriculum: 'That grade is not part of the chosen curriculum',
} as const;

/** Fields only tutors have (the Profile tab, levels and time zone). */
export const TutorFields = z.object({
  bio: Text(2000),
  /** KSh per hour, 200–50,000 (null: the default 2500). */
  hourlyRate: z.number({ error: 'Hourly rate must be a number' }).int('Whole shillings only')
    .min(MIN_HOURLY_RATE, hourlyRateMessage).max(MAX_HOURLY_RATE, hourlyRateMessage).nullable(),
  /** Lessons can be booked only this many whole hours ahead (0–72; 2 until set). */
  minNoticeHours: z.number({ error: minNoticeMessage }).int(minNoticeMessage).min(0, minNoticeMessage).max(MAX_MIN_NOTICE_HOURS, minNoticeMessage),
  /** A 30-minute trial lesson: free or at a price (KSh 100–50,000); null: no trial (the default). */
  trialLesson: TrialOffer.nullable(),
  teachingExperience: Text(500),
  educationBackground: Text(500),
  expertise: pickList(TUTOR_SUBJECTS, 'expertise'),
  specializations: pickList(SPECIALIZATIONS, 'specialization'),
  preferredSubjects: pickList(TUTOR_SUBJECTS, 'subject'),
  levels: pickList(LEVELS, 'level'),
  /** Grades taught, from the grade catalog (CBC, 8-4-4, IGCSE …); browse filters by grade and curriculum with them. */
  grades: z.array(z.enum(GRADE_IDS, { error: gradeMessages.unknownGrade }))
    .max(GRADES.length)
    .refine((a) => new Set(a).size === a.length, gradeMessages.gradeTwice),
  certifications: z.array(Text(120).min(1)).max(20),
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone'),
});

export const UpdateProfileRequest = PersonalFields.extend(TutorFields.shape)
  // The language the SPA and the e-mails speak to this user (set by the language switcher).
  .extend({ language: z.enum(LANGUAGES, { error: 'Choose English or Kiswahili' }) })
  .partial()
  .refine((o) => Object.keys(o).length > 0, 'Nothing to update');
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>;
export const TUTOR_ONLY_FIELDS = Object.keys(TutorFields.shape) as Array<keyof z.infer<typeof TutorFields>>;

export const profileMessages = {
  updated: 'Profile updated successfully!',
  failed: (reason: string) => `Failed to update profile: ${reason}`,
  tutorOnly: 'Only tutors can set teaching details',
} as const;

// ---- Browse and public profile ----

/** Maintained figures (reviews, completed lessons); never invented: no review yet → no rating ("New tutor"). */
export const TutorFigures = z.object({
  /** Average rating, one decimal; absent until the first visible review. */
  rating: z.number().optional(),
  reviewCount: z.number().int(),
  lessonsTaught: z.number().int(),
  /** Distinct students who completed a lesson with the tutor. */
  studentsTaught: z.number().int(),
  /** Usually replies to a new conversation within this many hours (the median of the last 30 days' first replies); absent without any. */
  replyHours: z.number().int().optional(),
});
export type TutorFigures = z.infer<typeof TutorFigures>;

export const TutorCard = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePhotoUrl: z.string().optional(),
  /** Preferred subjects then expertise, without repeats. */
  subjects: z.array(z.string()),
  levels: z.array(z.enum(LEVELS)),
  /** Grade catalog ids the tutor teaches (absent on entries written before tutors stated grades). */
  grades: z.array(z.string()).optional(),
  /** KES per hour; the default 2500 when the tutor set none. */
  hourlyRate: z.number(),
  /** The trial lesson the tutor offers ("Trial lesson · 30 min · KSh X" or "Free trial"); absent: none. */
  trialLesson: TrialOffer.optional(),
  verified: z.boolean(),
  country: z.string(),
  headline: z.string().optional(),
  /** Browse and the profile always fill it from the figures item (browse entries do not store it). */
  figures: TutorFigures.optional(),
});
export type TutorCard = z.infer<typeof TutorCard>;

export const staleCursorMessage = 'This list has changed. Please search again.';

const priceNotNegative = 'A price cannot be negative';
export const BrowseQuery = z.object({
  q: z.string().trim().max(80).optional(),
  subject: z.string().trim().max(60).optional(),
  level: z.enum(LEVELS).optional(),
  /** A grade of the catalog: only tutors who teach it (a tutor who stated no grades is not among them, as with levels). */
  grade: z.enum(GRADE_IDS, { error: gradeMessages.unknownGrade }).optional(),
  /** Only tutors who teach some grade of this curriculum. With a grade, it must be the grade's own. */
  curriculum: z.enum(CURRICULA, { error: 'Choose a curriculum from the list' }).optional(),
  /** The previous page's nextCursor (base64url; anything else cannot continue a search). */
  cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, staleCursorMessage).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
  /** Order of a browse without text (a text search keeps its own order). Default: recommended (verified first, then name). */
  sort: z.enum(BROWSE_SORTS).optional(),
  /** Hourly rate range in KES, inclusive. */
  minPrice: z.coerce.number().int().min(0, priceNotNegative).max(MAX_HOURLY_RATE).optional(),
  maxPrice: z.coerce.number().int().min(0, priceNotNegative).max(MAX_HOURLY_RATE).optional(),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
  message: 'The lowest price must not be above the highest', path: ['maxPrice'],
}).refine((q) => !q.grade || !q.curriculum || gradeBelongsTo(q.grade, q.curriculum), {
  message: gradeMessages.gradeNotInCurriculum, path: ['grade'],
});
export type BrowseQuery = z.infer<typeof BrowseQuery>;

export const BrowseResponse = z.object({ tutors: z.array(TutorCard), nextCursor: z.string().optional() });
export type BrowseResponse = z.infer<typeof BrowseResponse>;

export const PublicTutorProfile = TutorCard.extend({
  bio: z.string().optional(),
  expertise: z.array(z.string()),
  specializations: z.array(z.string()),
  preferredSubjects: z.array(z.string()),
  teachingExperience: z.string().optional(),
  educationBackground: z.string().optional(),
  certifications: z.array(z.string()),
  timeZone: z.string(),
  memberSince: z.string(),
  /** Real figures only; absent until there is something to show. */
  stats: z.object({ completedSessions: z.number(), weeklyHours: z.number() }),
});
export type PublicTutorProfile = z.infer<typeof PublicTutorProfile>;

/** Bookable one-hour starts, UTC ISO, for the next 30 days (the SPA shows them in the viewer's zone). */
export const TutorSlotsResponse = z.object({
  timeZone: z.string(),
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type TutorSlotsResponse = z.infer<typeof TutorSlotsResponse>;

export { tutorNotFound } from './catalog.js';
export { TrialOffer, trialAmountMinor } from './trial-offer.js';
export { TRIAL_MINUTES } from './catalog.js';

/**
 * Path parameters: a tutor's public pages, one's own weekly slot. A public tutor link whose id
 * has not our ids' shape is a tutor not found (404), like an unknown one (service.ts), as a
 * visitor following a broken link expects: bounded here only.
 */
export const TutorParams = z.object({ tutorId: z.string().max(MAX_ID_LENGTH, badIdMessage('tutor')) });
export const AvailabilitySlotParams = z.object({ slotId: RecordId('availability slot') });
