/** The product's fixed lists, shared by the API (validation) and the SPA (pickers and filters). */

/** Tutor subject list: 31 subjects from Mathematics to Public Speaking; /browse-tutors filters by any of them. */
export const TUTOR_SUBJECTS = [
  'Mathematics', 'Further Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Literature',
  'Kiswahili', 'French', 'German', 'Spanish', 'Arabic', 'Mandarin Chinese', 'History', 'Geography',
  'Religious Education', 'Computer Science', 'Programming', 'Business Studies', 'Economics',
  'Accounting', 'Agriculture', 'Home Science', 'Art and Design', 'Music', 'Statistics',
  'Engineering', 'Psychology', 'Sociology', 'Creative Writing', 'Public Speaking',
] as const;

/** Specialization list of 17. */
export const SPECIALIZATIONS = [
  'KCSE Preparation', 'IGCSE', 'A-Level', 'University Level', 'Professional Certification',
  'Early Childhood', 'Primary Level', 'Secondary Level', 'Adult Learning', 'Special Needs Education',
  'Online Teaching', 'Group Classes', 'One-on-One Tutoring', 'Exam Preparation', 'Homework Help',
  'Project Assistance', 'Research Methods',
] as const;

/** Levels a tutor teaches; the browse level filter uses them. */
export const LEVELS = ['primary', 'secondary', 'university', 'professional'] as const;
export type Level = (typeof LEVELS)[number];
export const LEVEL_LABELS: Record<Level, string> = {
  primary: 'Primary', secondary: 'Secondary', university: 'University', professional: 'Professional',
};

/** Rate shown when a tutor has not set one, in KES per hour. */
export const DEFAULT_HOURLY_RATE = 2500;

/** Orders of a browse: recommended = verified first, then by name. */
export const BROWSE_SORTS = ['recommended', 'rating', 'price', 'newest'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_SORT_LABELS: Record<BrowseSort, string> = {
  recommended: 'Recommended', rating: 'Highest rated', price: 'Lowest price', newest: 'Newest',
};
/**
 * The rates a tutor may charge, KSh per hour: below 200 a lesson is not worth a payment (and 0
 * cannot be paid at all); above 50,000 is far beyond the market (the landing page quotes 500–2,000+).
 */
export const MIN_HOURLY_RATE = 200;
export const MAX_HOURLY_RATE = 50_000;
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const hourlyRateRange = `KSh ${thousands(MIN_HOURLY_RATE)} and KSh ${thousands(MAX_HOURLY_RATE)}`;
export const hourlyRateMessage = `Hourly rate must be between ${hourlyRateRange}`;
export const isHourlyRateInRange = (rate: number) => Number.isInteger(rate) && rate >= MIN_HOURLY_RATE && rate <= MAX_HOURLY_RATE;

/** A trial lesson lasts this long, whatever the tutor's lessons last (it holds the whole hour it starts). */
export const TRIAL_MINUTES = 30;
/** The lowest price of a paid trial; KSh 0 is a free trial, chosen as such, never a price of 0. */
export const MIN_TRIAL_PRICE = 100;
export const trialPriceMessage = `A trial price must be between KSh ${thousands(MIN_TRIAL_PRICE)} and KSh ${thousands(MAX_HOURLY_RATE)}`;

/** How long before a lesson it can still be booked, in whole hours: 2 until the tutor sets it. */
export const DEFAULT_MIN_NOTICE_HOURS = 2;
export const MAX_MIN_NOTICE_HOURS = 72;
export const minNoticeMessage = `Minimum notice must be a whole number of hours from 0 to ${MAX_MIN_NOTICE_HOURS}`;

/** Availability choices: hourly from 08:00 to 20:00. */
export const AVAILABILITY_HOURS = Array.from({ length: 13 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);

export const availabilityMessages = {
  added: 'Availability slot added successfully',
  addFailed: 'Failed to add availability',
  removed: 'Availability slot removed successfully',
  endAfterStart: 'End time must be after start time',
  hoursOnly: 'Choose whole hours between 08:00 and 20:00',
} as const;

/** A weekly slot's one rule between its fields ("HH:MM" strings compare as times). */
export function endsAfterStart(slot: { startTime: string; endTime: string }): boolean {
  return slot.endTime > slot.startTime;
}

/**
 * What is wrong with a new weekly slot, in the API's words, or null: the request schema's rules
 * without zod, for the availability page (whose choices are whole hours already).
 */
export function availabilityProblem(slot: { startTime: string; endTime: string }): string | null {
  if (!AVAILABILITY_HOURS.includes(slot.startTime) || !AVAILABILITY_HOURS.includes(slot.endTime)) return availabilityMessages.hoursOnly;
  return endsAfterStart(slot) ? null : availabilityMessages.endAfterStart;
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** Display order Monday → Sunday, as dayOfWeek numbers. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** How far ahead students can book. */
export const BOOKING_WINDOW_DAYS = 30;

/** The not-found text; here rather than in contract.ts so public pages can show it without loading zod. */
export const tutorNotFound = "The tutor you're looking for doesn't exist or is not available.";
