/**
 * Review rules (pure, unit-tested in rules.test.ts): who may review which lesson,
 * the 14-day edit window, and how a review moves the tutor's maintained rating figures.
 */
export const REVIEW_EDIT_DAYS = 14;
export const MAX_COMMENT_LENGTH = 1000;
export const MAX_REPLY_LENGTH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const reviewMessages = {
  created: 'Thank you! Your review has been published.',
  updated: 'Your review has been updated.',
  replied: 'Your reply has been published.',
  hidden: 'The review has been hidden.',
  notFound: 'Review not found',
  bookingNotFound: 'Booking not found',
  notYourLesson: 'Only the student who took this lesson can review it.',
  notCompleted: 'You can review a lesson once it has taken place and been paid.',
  alreadyReviewed: 'You have already reviewed this lesson. You can edit your review instead.',
  editClosed: `Reviews can be edited for ${REVIEW_EDIT_DAYS} days after they are written.`,
  isHidden: 'This review was hidden by the team and can no longer be changed.',
  notYourReview: 'Only the tutor who was reviewed can reply.',
  alreadyReplied: 'You have already replied to this review.',
  alreadyHidden: 'This review is already hidden.',
} as const;

/** The lesson a student may review: their own, completed and paid. */
export function reviewRefusal(
  booking: { studentId: string; status: string; paymentStatus: string }, studentId: string,
): 'not_yours' | 'not_completed' | null {
  if (booking.studentId !== studentId) return 'not_yours';
  if (booking.status !== 'completed' || booking.paymentStatus !== 'paid') return 'not_completed';
  return null;
}

export const editableUntil = (createdAt: string) => new Date(new Date(createdAt).getTime() + REVIEW_EDIT_DAYS * DAY_MS).toISOString();

/** The author may edit until 14 days after writing it, unless the team hid it. */
export const canEdit = (review: { createdAt: string; hidden?: unknown }, now: Date) =>
  !review.hidden && now.getTime() < new Date(editableUntil(review.createdAt)).getTime();

/** A review's part in the tutor's rating: its stars while visible, nothing once hidden (or before it exists). */
export type RatingPart = number | null;

/** How the tutor's rating sum and count move when a review's part changes (write, edit, hide). */
export function ratingChange(before: RatingPart, after: RatingPart): { sumDelta: number; countDelta: number } {
  return { sumDelta: (after ?? 0) - (before ?? 0), countDelta: (after === null ? 0 : 1) - (before === null ? 0 : 1) };
}

export function applyRatingChange(
  figures: { ratingSum: number; ratingCount: number }, change: { sumDelta: number; countDelta: number },
) {
  return { ratingSum: figures.ratingSum + change.sumDelta, ratingCount: figures.ratingCount + change.countDelta };
}

/** "Amina W.": how a reviewer is named in public. */
export const reviewerName = (firstName: string, lastName: string) =>
  `${firstName.trim()}${lastName.trim() ? ` ${Array.from(lastName.trim())[0]!.toUpperCase()}.` : ''}`;

/** The fewest stars a review needs to be quoted on the home page. */
export const FEATURED_MIN_RATING = 4;
/** How many reviews the home page quotes. */
export const FEATURED_REVIEWS = 3;

/**
 * Whether a review may be quoted on the home page: its author said yes (off unless they tick it),
 * it has words to quote, it is 4 or 5 stars, and the team has not hidden it.
 */
export const featuredOnHomePage = (review: { homePageConsent?: boolean | undefined; comment?: string | undefined; rating: number; hidden?: unknown }) =>
  review.homePageConsent === true && Boolean(review.comment?.trim()) && review.rating >= FEATURED_MIN_RATING && !review.hidden;

/** "Amina W." → "Amina": the home page names a reviewer by first name only. */
export const firstNameOf = (studentName: string) => studentName.trim().split(/\s+/)[0] ?? '';
