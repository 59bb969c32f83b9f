/** What other features may use of reviews: the student's review of a lesson and a tutor's review list. */
export { LessonReview } from './LessonReview';
export { TutorReviewList } from './TutorReviewList';
export { reviewKeys } from './keys';
