/**
 * Homework rules, without zod or AWS (the SPA's to-do list loads these): when homework is due in
 * the learner's zone, the photo of the work, the lessons history's page size and the API's texts.
 */

/** Where a to-do stands on a day: no due date, due later, due today or overdue (never for done work). */
export type DueState = 'none' | 'upcoming' | 'due_today' | 'overdue';

/** Today's yyyy-mm-dd in `timeZone` (Africa/Nairobi when the zone is missing or unknown). */
export function todayIn(now: Date, timeZone: string | undefined): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone || 'Africa/Nairobi');
  } catch {
    return format('Africa/Nairobi');
  }
}

/**
 * The due state of homework due on `dueDate` (yyyy-mm-dd, a calendar day with no zone: the tutor
 * names a school day) for a learner whose day is counted in `timeZone`. Done homework is never
 * overdue: the family did it, whenever.
 */
export function dueState(homework: { dueDate?: string | undefined; done: boolean }, now: Date, timeZone: string | undefined): DueState {
  if (!homework.dueDate || homework.done) return 'none';
  const today = todayIn(now, timeZone);
  if (homework.dueDate === today) return 'due_today';
  return homework.dueDate < today ? 'overdue' : 'upcoming';
}

/** Photos of the work only: a phone's camera gives JPEG, PNG or WebP (PDF worksheets go by message). */
export const HOMEWORK_PHOTO_PURPOSE = 'homework-photo' as const;
/** Seconds a signed link to a homework photo works (the page is read again when it lapses). */
export const HOMEWORK_PHOTO_LINK_SECONDS = 15 * 60;

export const HOMEWORK_LIMITS = {
  /** Lessons per page of the Lessons history. */
  pageSize: 10,
  /** At most this many per page when the caller asks for fewer or more. */
  maxPageSize: 20,
} as const;

export const homeworkMessages = {
  noHomework: 'This lesson has no homework to mark.',
  notFamily: 'Only the learner\'s family can mark homework done.',
  markedDone: 'Homework marked done.',
  markedOpen: 'Homework marked not done.',
  notYourUpload: 'You can only attach a photo you uploaded yourself.',
  photoChanged: 'The photo changed while it was being checked. Please add it again.',
  badCursor: 'This page of lessons is no longer available. Start from the first page.',
} as const;
