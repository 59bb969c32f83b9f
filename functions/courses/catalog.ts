/** Fixed lists and texts of courses, shared by the API and the SPA. */
import { LEVELS, LEVEL_LABELS, type Level } from '../tutors/catalog.js';

/** Course creation: subject from 10 options. */
export const COURSE_SUBJECTS = [
  'Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Kiswahili', 'History', 'Geography',
  'Computer Science', 'Business Studies',
] as const;
export type CourseSubject = (typeof COURSE_SUBJECTS)[number];

/** The catalogue's category buttons after "All Courses". */
export const COURSE_CATEGORIES = ['KCSE Prep', 'JAMB Prep', 'University', 'Skills'] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export const COURSE_LEVELS = LEVELS;
export type CourseLevel = Level;
export { LEVEL_LABELS };

/** More Filters: duration bands in whole weeks. */
export const DURATION_BANDS = {
  short: { label: 'Up to 4 weeks', min: 1, max: 4 },
  medium: { label: '5 to 8 weeks', min: 5, max: 8 },
  long: { label: 'More than 8 weeks', min: 9, max: 520 },
} as const;
export type DurationBand = keyof typeof DURATION_BANDS;

export const PRICE_FILTERS = ['free', 'paid'] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number];

/** Upper bounds that keep an item well under DynamoDB's 400 KB. */
export const MAX_TITLE = 120;
export const MAX_DESCRIPTION = 4000;
export const MAX_LESSON_TEXT = 20_000;
export const MAX_LESSONS = 60;
export const MAX_PRICE = 1_000_000;
export const MAX_WEEKS = 520;

/** Seconds a lesson file link stays valid for an enrolled student (as KYC links: 3600). */
export const LESSON_FILE_LINK_SECONDS = 3600;

export const courseMessages = {
  created: 'Course Created',
  createFailed: 'Failed to create course. Please try again.',
  titleRequired: 'Title is required',
  titleTooLong: `The title can have at most ${MAX_TITLE} characters`,
  priceNumber: 'Price must be a number of at least 0 (leave it empty for a free course)',
  priceStep: 'Price can have at most two decimals',
  durationWeeks: 'Duration must be a whole number of weeks, at least 1',
  thumbnailImage: 'The thumbnail must be an image (JPEG or PNG)',
  notFound: 'Course not found',
  notOwner: 'You can only change your own courses',
  kycRequired: 'Only KYC-verified tutors can publish courses. Complete your KYC verification first.',
  noLessons: 'Add at least one lesson before publishing',
  paidNotYet: 'This is a paid course. Pay for it to enrol.',
  ownCourse: 'You cannot enrol in your own course',
  alreadyEnrolled: 'You are already enrolled in this course',
  freeCourse: 'This course is free. Enrol without paying.',
  notEnrolled: 'Enrol in this course to open its lessons',
  lessonNotFound: 'Lesson not found',
  tooManyLessons: `A course can have at most ${MAX_LESSONS} lessons`,
  orderMismatch: 'The lesson list changed. Reload the course and try again.',
  studentsOnly: 'Only students can enrol in courses',
  lastLesson: 'A published course needs at least one lesson. Add another lesson or unpublish the course first.',
  lessonChanged: 'The lesson list changed. Reload the course and try again.',
} as const;
