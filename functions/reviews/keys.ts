/**
 * Review items (docs/data-model.md):
 *   review   pk REVIEW#{bookingId}  sk REVIEW
 *            gsi1 TUTORREVIEWS#{tutorId} / {createdAt}#{bookingId} while visible (sparse: a hidden review leaves it)
 *            gsi2 STUDENTREVIEWS#{studentId} / {createdAt}#{bookingId}
 *   audit    pk REVIEW#{bookingId}  sk AUDIT#{at}   (a super admin hid it: who, why)
 * The tutor's rating figures are tutors' (tutors/keys.ts), moved in the same transactions.
 */
import * as z from 'zod';

export const reviewKey = (bookingId: string) => ({ pk: `REVIEW#${bookingId}`, sk: 'REVIEW' });
export const reviewAuditKey = (bookingId: string, at: string) => ({ pk: `REVIEW#${bookingId}`, sk: `AUDIT#${at}` });
export const tutorReviewsPartition = (tutorId: string) => `TUTORREVIEWS#${tutorId}`;
export const studentReviewsPartition = (studentId: string) => `STUDENTREVIEWS#${studentId}`;

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
});
export type ReviewItem = z.infer<typeof ReviewItem>;

export function reviewItem(review: ReviewItem): Record<string, unknown> {
  const sortKey = `${review.createdAt}#${review.bookingId}`;
  return {
    ...reviewKey(review.bookingId), entity: 'Review', ...review,
    gsi1pk: tutorReviewsPartition(review.tutorId), gsi1sk: sortKey,
    gsi2pk: studentReviewsPartition(review.studentId), gsi2sk: sortKey,
  };
}
