/**
 * Review items (docs/data-model.md):
 *   review   pk REVIEW#{bookingId}  sk REVIEW
 *            gsi1 TUTORREVIEWS#{tutorId} / {createdAt}#{bookingId} while visible (sparse: a hidden review leaves it)
 *            gsi2 STUDENTREVIEWS#{studentId} / {createdAt}#{bookingId}
 *            gsi3 FEATUREDREVIEWS / {createdAt}#{bookingId} while quoted on the home page (sparse: the
 *                 author consented, 4–5 stars with a comment, not hidden; rules.featuredOnHomePage)
 *   audit    pk REVIEW#{bookingId}  sk AUDIT#{at}   (a super admin hid it: who, why)
 * The tutor's rating figures are tutors' (tutors/keys.ts), moved in the same transactions.
 */
import * as z from 'zod';
import { featuredOnHomePage } from './rules.js';

export const reviewKey = (bookingId: string) => ({ pk: `REVIEW#${bookingId}`, sk: 'REVIEW' });
export const reviewAuditKey = (bookingId: string, at: string) => ({ pk: `REVIEW#${bookingId}`, sk: `AUDIT#${at}` });
export const tutorReviewsPartition = (tutorId: string) => `TUTORREVIEWS#${tutorId}`;
export const studentReviewsPartition = (studentId: string) => `STUDENTREVIEWS#${studentId}`;
/** One partition for the few reviews quoted on the home page; its one reader is cached by the CDN. */
export const FEATURED_REVIEWS_PARTITION = 'FEATUREDREVIEWS';

export const ReviewItem = z.object({
  bookingId: z.string(),
  tutorId: z.string(),
  studentId: z.string(),
  studentName: z.string(),
  subject: z.string(),
  rating: z.number().int(),
  comment: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  reply: z.object({ text: z.string(), at: z.string() }).optional(),
  hidden: z.object({ by: z.string(), reason: z.string(), at: z.string() }).optional(),
  /** The author agreed to be quoted (first name only) on the home page. */
  homePageConsent: z.boolean().optional(),
});
export type ReviewItem = z.infer<typeof ReviewItem>;

export function reviewItem(review: ReviewItem): Record<string, unknown> {
  const sortKey = `${review.createdAt}#${review.bookingId}`;
  return {
    ...reviewKey(review.bookingId), entity: 'Review', ...review,
    gsi1pk: tutorReviewsPartition(review.tutorId), gsi1sk: sortKey,
    gsi2pk: studentReviewsPartition(review.studentId), gsi2sk: sortKey,
    ...featuredKeys(review),
  };
}

/** The home page index entry of a review that may be quoted there, or nothing. */
export function featuredKeys(review: ReviewItem): { gsi3pk: string; gsi3sk: string } | Record<string, never> {
  return featuredOnHomePage(review) ? { gsi3pk: FEATURED_REVIEWS_PARTITION, gsi3sk: `${review.createdAt}#${review.bookingId}` } : {};
}
