/**
 * Reviews of demo tutors, so profiles show ratings and the home page has real-looking quotes
 * to show (only those whose "author" consented: `consent`). Written with the reviews repository,
 * which moves the tutor's rating figures in the same transaction; the demo has no past lessons to
 * review, so each review names a booking id of its own, derived from its place in this list
 * (the same on every run, as the rest of the seed).
 */
import { createHash } from 'node:crypto';
import { putReview } from '../../../functions/reviews/repository.js';
import { reviewerName } from '../../../functions/reviews/rules.js';

export interface DemoReview {
  tutor: number; firstName: string; lastName: string; subject: string; rating: number; comment: string; daysAgo: number;
  /** The reviewer let the home page quote it (first name only). */
  consent?: true;
}

export const demoReviews: DemoReview[] = [
  { tutor: 0, firstName: 'Wanjiku', lastName: 'Kamau', subject: 'Mathematics', rating: 5, daysAgo: 3, consent: true,
    comment: 'Grace went through every quadratics question I got wrong in the mock until I could do them alone. My Paper 1 went from 38 to 61.' },
  { tutor: 1, firstName: 'Kipchoge', lastName: 'Rono', subject: 'Chemistry', rating: 5, daysAgo: 6, consent: true,
    comment: 'Organic chemistry finally has a pattern. Brian draws every reaction and makes you name it before moving on.' },
  { tutor: 4, firstName: 'Zawadi', lastName: 'Mwakio', subject: 'Kiswahili', rating: 4, daysAgo: 9, consent: true,
    comment: 'Mercy helped my daughter plan her insha before writing. She now finishes on time and her marks are up.' },
  { tutor: 0, firstName: 'Otieno', lastName: 'Were', subject: 'Physics', rating: 4, daysAgo: 12,
    comment: 'Clear on circuits, a bit fast on the first lesson.' },
  { tutor: 3, firstName: 'Achieng', lastName: 'Odera', subject: 'Programming', rating: 5, daysAgo: 15, consent: true,
    comment: 'Kevin reviewed my Python project line by line and showed me how to test it. Worth every shilling.' },
  { tutor: 2, firstName: 'Mutiso', lastName: 'Kyalo', subject: 'English', rating: 5, daysAgo: 20,
    comment: 'Set book essays make sense now.' },
];

/** A stable booking id (a UUID in form) for the n-th demo review. */
function demoReviewId(n: number): string {
  const hex = createHash('sha256').update(`alp-demo-review-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The demo reviews of one (new) demo tutor; a review already there is left as it is. */
export async function seedTutorReviews(tutorIndex: number, tutorId: string, now = new Date()): Promise<void> {
  for (const [n, review] of demoReviews.entries()) {
    if (review.tutor !== tutorIndex) continue;
    await putReview({
      bookingId: demoReviewId(n), tutorId, studentId: `demo-reviewer-${n}`,
      studentName: reviewerName(review.firstName, review.lastName), subject: review.subject, rating: review.rating, comment: review.comment,
      createdAt: new Date(now.getTime() - review.daysAgo * 86_400_000).toISOString(), ...(review.consent ? { homePageConsent: true } : {}),
    });
  }
}
