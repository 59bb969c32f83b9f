/**
 * Household rules (pure): how many learners a parent may add and how long their texts may be. A
 * learner belongs to the household of the parent who added it (their user id); nobody else may
 * learn that it exists. No learner has a public profile: nothing publishes a learner, and only
 * its household reads it. docs/decisions/2026-11-28-households.md says why.
 */

/** Learners per household: a family, not a school (a school would need its own kind of account). */
export const MAX_LEARNERS = 10;
export const MAX_NAME_LENGTH = 50;
export const MAX_SCHOOL_LENGTH = 100;
/** Subjects of interest per learner. */
export const MAX_SUBJECTS = 10;

export const householdMessages = {
  added: 'Child added.',
  updated: 'Changes saved.',
  notFound: 'Child not found',
  limitReached: `A household can have at most ${MAX_LEARNERS} children.`,
  firstNameRequired: 'Enter the first name',
  lastNameRequired: 'Enter the last name',
  nameTooLong: `At most ${MAX_NAME_LENGTH} characters`,
  schoolTooLong: `At most ${MAX_SCHOOL_LENGTH} characters`,
  curriculumRequired: 'Choose a curriculum',
  gradeRequired: 'Choose a grade',
  gradeOfCurriculum: 'Choose a grade of the chosen curriculum',
  subjectUnknown: 'Choose subjects from the list',
  tooManySubjects: `Choose at most ${MAX_SUBJECTS} subjects`,
} as const;

// ---- The parent dashboard (dashboard.ts) ----

/** East Africa Time has no daylight saving: always UTC+3. A household's month is a Kenyan calendar month. */
const EAT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;
/** Lessons ahead a child's card lists. */
export const UPCOMING_ON_CARD = 3;
/**
 * How far before the month's first day the dashboard reads lessons: a payment or refund of this
 * month belongs to a lesson scheduled at most this long before it (a payment precedes its lesson;
 * a refund for a tutor's no-show follows it by the days the lessons job and the provider take).
 */
export const LOOKBACK_DAYS = 7;

/** The calendar month (EAT) `now` falls in: its name ("2026-11") and its UTC bounds [from, to). */
export function eatMonth(now: Date): { month: string; from: Date; to: Date } {
  const local = new Date(now.getTime() + EAT_OFFSET_MS);
  const [y, m] = [local.getUTCFullYear(), local.getUTCMonth()];
  return {
    month: `${y}-${String(m + 1).padStart(2, '0')}`,
    from: new Date(Date.UTC(y, m, 1) - EAT_OFFSET_MS),
    to: new Date(Date.UTC(y, m + 1, 1) - EAT_OFFSET_MS),
  };
}

export const dashboardWindowStart = (monthFrom: Date) => new Date(monthFrom.getTime() - LOOKBACK_DAYS * DAY_MS);

interface MoneyFacts {
  amountMinor: number;
  paymentStatus: string;
  paidAt?: string;
  refund?: { status: string; amountMinor: number; processedAt?: string };
}

const within = (at: string | undefined, month: { from: Date; to: Date }) =>
  at !== undefined && Date.parse(at) >= month.from.getTime() && Date.parse(at) < month.to.getTime();

/**
 * The household's spending in a month: what its lessons were paid in that month, less what came
 * back in it (refunds the provider processed then). A refund still pending has not come back yet;
 * a lesson paid and refunded in the same month nets to nothing.
 */
export function monthSpending(bookings: readonly MoneyFacts[], month: { from: Date; to: Date }) {
  let paidMinor = 0;
  let refundedMinor = 0;
  for (const b of bookings) {
    if (b.paidAt && (b.paymentStatus === 'paid' || b.paymentStatus === 'refunded') && within(b.paidAt, month)) paidMinor += b.amountMinor;
    if (b.refund?.status === 'processed' && within(b.refund.processedAt, month)) refundedMinor += b.refund.amountMinor;
  }
  return { paidMinor, refundedMinor, netMinor: paidMinor - refundedMinor };
}
