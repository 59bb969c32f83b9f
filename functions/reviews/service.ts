/**
 * Reviews: the student of a completed, paid lesson rates the tutor once,
 * may edit for 14 days; the tutor replies once; a super admin hides an abusive review (audited).
 * The tutor's rating moves in the same transaction (repository.ts), which also marks their rating
 * order entries stale; they move right after, or by the stale-listings job if this process dies first.
 */
import { bookingForParticipant } from '../bookings/service.js';
import { getProfile } from '../profiles/service.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { BusinessRuleViolated, Conflict, Forbidden, NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { refreshRatingOrder } from '../tutors/listing-service.js';
import { announceTutorChange } from '../tutors/page-events.js';
import type { FeaturedReviewList, MyReview, Review, ReviewList, WriteReviewRequest } from './contract.js';
import { tutorReviewsPartition, type ReviewItem } from './keys.js';
import { editReview, featuredReviews, getReview, hideReviewRecord, putReview, setReply, studentReviews, tutorReviews } from './repository.js';
import { canEdit, editableUntil, FEATURED_REVIEWS, firstNameOf, reviewerName, reviewMessages, reviewRefusal } from './rules.js';

export const REVIEWS_PAGE_SIZE = 5;

function toReview(item: ReviewItem): Review {
  return {
    id: item.bookingId, tutorId: item.tutorId, studentName: item.studentName, rating: item.rating,
    ...(item.comment ? { comment: item.comment } : {}),
    subject: item.subject, createdAt: item.createdAt,
    ...(item.updatedAt ? { updatedAt: item.updatedAt } : {}),
    editableUntil: editableUntil(item.createdAt),
    ...(item.reply ? { reply: item.reply } : {}),
  };
}
const toMyReview = (item: ReviewItem): MyReview => ({ ...toReview(item), hidden: Boolean(item.hidden), showOnHomePage: item.homePageConsent === true });

const blankToUndefined = (comment: string | undefined) => (comment?.trim() ? comment.trim() : undefined);

export async function writeReview(user: AuthUser, bookingId: string, input: WriteReviewRequest, now = new Date()): Promise<MyReview> {
  // 404 for no booking, 403 for someone who is neither its student nor its tutor.
  const booking = await bookingForParticipant(user, bookingId, now);
  const refusal = reviewRefusal(booking, user.id);
  if (refusal === 'not_yours') throw new Forbidden(reviewMessages.notYourLesson);
  if (refusal === 'not_completed') throw new BusinessRuleViolated('lesson_not_completed', reviewMessages.notCompleted);
  const student = await getProfile(user.id);
  const comment = blankToUndefined(input.comment);
  const item: ReviewItem = {
    bookingId, tutorId: booking.tutorId, studentId: user.id,
    studentName: student ? reviewerName(student.firstName, student.lastName) : 'A student',
    subject: booking.subject, rating: input.rating, ...(comment ? { comment } : {}), createdAt: now.toISOString(),
    ...(input.showOnHomePage ? { homePageConsent: true } : {}),
  };
  if (!(await putReview(item))) throw new Conflict('already_reviewed', reviewMessages.alreadyReviewed);
  await refreshRatingOrder(booking.tutorId);
  await announceTutorChange(booking.tutorId, 'rating');
  return toMyReview(item);
}

export async function updateReview(user: AuthUser, bookingId: string, input: WriteReviewRequest, now = new Date()): Promise<MyReview> {
  const review = await getReview(bookingId);
  if (!review) throw new NotFound(reviewMessages.notFound);
  if (review.studentId !== user.id) throw new Forbidden(reviewMessages.notYourLesson);
  if (review.hidden) throw new BusinessRuleViolated('review_hidden', reviewMessages.isHidden);
  if (!canEdit(review, now)) throw new BusinessRuleViolated('edit_window_closed', reviewMessages.editClosed);
  const comment = blankToUndefined(input.comment);
  // Changed (or hidden) since it was read: the figures moved with that change; ask to retry.
  const { comment: _old, ...rest } = review;
  // Consent is asked again with every edit: unticked (or left out) withdraws it.
  const edited: ReviewItem = {
    ...rest, rating: input.rating, ...(comment ? { comment } : {}), updatedAt: now.toISOString(), homePageConsent: input.showOnHomePage === true,
  };
  if (!(await editReview(review, edited, now.toISOString()))) {
    throw new Conflict('review_changed', 'This review changed meanwhile. Please reload and try again.');
  }
  if (input.rating !== review.rating) {
    await refreshRatingOrder(review.tutorId);
    await announceTutorChange(review.tutorId, 'rating');
  }
  return toMyReview(edited);
}

export async function replyToReview(user: AuthUser, bookingId: string, text: string, now = new Date()): Promise<Review> {
  const review = await getReview(bookingId);
  if (!review || review.hidden) throw new NotFound(reviewMessages.notFound);
  if (review.tutorId !== user.id) throw new Forbidden(reviewMessages.notYourReview);
  if (review.reply) throw new Conflict('already_replied', reviewMessages.alreadyReplied);
  const reply = { text, at: now.toISOString() };
  if (!(await setReply(bookingId, text, reply.at))) throw new Conflict('already_replied', reviewMessages.alreadyReplied);
  return toReview({ ...review, reply });
}

export async function hideReview(admin: AuthUser, bookingId: string, reason: string, now = new Date()): Promise<void> {
  const review = await getReview(bookingId);
  if (!review) throw new NotFound(reviewMessages.notFound);
  if (review.hidden) throw new Conflict('already_hidden', reviewMessages.alreadyHidden);
  if (!(await hideReviewRecord(review, { by: admin.id, reason, at: now.toISOString() }))) {
    throw new Conflict('already_hidden', reviewMessages.alreadyHidden);
  }
  await refreshRatingOrder(review.tutorId);
  await announceTutorChange(review.tutorId, 'rating');
}

/** A tutor's visible reviews, newest first, paged with a cursor bound to the tutor. */
export async function listTutorReviews(tutorId: string, query: { cursor?: string; limit?: number }): Promise<ReviewList> {
  const partition = tutorReviewsPartition(tutorId);
  const start = query.cursor ? decodeCursor(query.cursor, partition, partition) : undefined;
  const page = await tutorReviews(tutorId, query.limit ?? REVIEWS_PAGE_SIZE, start);
  return { reviews: page.items.map(toReview), ...(page.lastKey ? { nextCursor: encodeCursor(partition, page.lastKey) } : {}) };
}

export async function myReviews(user: AuthUser): Promise<MyReview[]> {
  return (await studentReviews(user.id)).map(toMyReview);
}

/** The reviews the home page quotes: consenting authors by first name, 4–5 stars with a comment, newest first. */
export async function homePageReviews(): Promise<FeaturedReviewList> {
  const items = await featuredReviews(FEATURED_REVIEWS);
  return {
    reviews: items.map((item) => ({
      id: item.bookingId, firstName: firstNameOf(item.studentName), rating: item.rating, comment: item.comment ?? '', subject: item.subject,
    })),
  };
}
