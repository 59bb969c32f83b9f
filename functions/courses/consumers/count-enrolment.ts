/**
 * CourseEnrolled (a free course) and a course's PaymentConfirmed → the course's enrolment count
 * (and revenue), once per enrolment: outside the enrolment's own write, so students joining one
 * course at once never contend for the course item.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { enrolmentOccurrence } from '../keys.js';
import { countCourseEnrolment } from '../service.js';

export const handler = eventsConsumer({
  CourseEnrolled: async (detail) => {
    await countCourseEnrolment(detail.courseId, enrolmentOccurrence(detail));
  },
  PaymentConfirmed: async (detail) => {
    if (detail.purpose === 'course') await countCourseEnrolment(detail.courseId, enrolmentOccurrence({ ...detail, paymentReference: detail.reference }), detail.amountMinor);
  },
});
