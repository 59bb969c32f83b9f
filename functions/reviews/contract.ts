/** Reviews contract, shared by the API and the SPA. */
import * as z from 'zod';
import { RecordId } from '../shared/contract.js';
import { userText } from '../shared/text.js';
import { MAX_COMMENT_LENGTH, MAX_REPLY_LENGTH } from './rules.js';

export { reviewMessages, REVIEW_EDIT_DAYS, MAX_COMMENT_LENGTH, MAX_REPLY_LENGTH, canEdit } from './rules.js';

export const Review = z.object({
  /** The reviewed lesson's booking id (one review per lesson). */
  id: z.string(),
  tutorId: z.string(),
  /** "Amina W." */
  studentName: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().optional(),
  subject: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  /** Until when the author may edit it. */
  editableUntil: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).optional(),
});
export type Review = z.infer<typeof Review>;

/** The author's view of their own review: also whether the team hid it. */
export const MyReview = Review.extend({
  hidden: z.boolean(),
  /** The author lets the home page quote it (first name only). */
  showOnHomePage: z.boolean(),
});
export type MyReview = z.infer<typeof MyReview>;

export const WriteReviewRequest = z.object({
  rating: z.number({ error: 'Choose a rating from 1 to 5 stars' }).int('Choose a rating from 1 to 5 stars')
    .min(1, 'Choose a rating from 1 to 5 stars').max(5, 'Choose a rating from 1 to 5 stars'),
  comment: userText().trim().max(MAX_COMMENT_LENGTH, `Comments are at most ${MAX_COMMENT_LENGTH} characters`).optional(),
  /** May the home page quote this review with the author's first name? Off unless ticked, asked again on every edit. */
  showOnHomePage: z.boolean().optional(),
});
export type WriteReviewRequest = z.input<typeof WriteReviewRequest>;

export const ReplyToReviewRequest = z.object({
  text: userText().trim().min(1, 'Write a reply').max(MAX_REPLY_LENGTH, `Replies are at most ${MAX_REPLY_LENGTH} characters`),
});
export const HideReviewRequest = z.object({
  reason: userText().trim().min(3, 'Give a reason (at least 3 characters)').max(500, 'At most 500 characters'),
});

export const ReviewResponse = z.object({ review: Review, message: z.string() });
export const MyReviewResponse = z.object({ review: MyReview, message: z.string() });
export const MessageResponse = z.object({ message: z.string() });

export const ReviewParams = z.object({ bookingId: RecordId('booking') });
export const TutorReviewsParams = z.object({ tutorId: RecordId('tutor') });
export const TutorReviewsQuery = z.object({
  cursor: z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please reload.').optional(),
  limit: z.coerce.number().int().min(1).max(20).optional(),
});
export const ReviewList = z.object({ reviews: z.array(Review), nextCursor: z.string().optional() });
export type ReviewList = z.infer<typeof ReviewList>;
export const MyReviewList = z.object({ reviews: z.array(MyReview) });
export type MyReviewList = z.infer<typeof MyReviewList>;

/** A review quoted on the home page: the author's first name only. */
export const FeaturedReview = z.object({
  id: z.string(), firstName: z.string(), rating: z.number().int().min(1).max(5), comment: z.string(), subject: z.string(),
});
export type FeaturedReview = z.infer<typeof FeaturedReview>;
export const FeaturedReviewList = z.object({ reviews: z.array(FeaturedReview) });
export type FeaturedReviewList = z.infer<typeof FeaturedReviewList>;
