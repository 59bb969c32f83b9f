/**
 * CourseEnrolled (a free course) and a course's PaymentConfirmed → the course's enrolment count
 * (and revenue), once per enrolment: outside the enrolment's own write, so students joining one
 * course at once never contend for the course item.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { countCourseEnrolment } from '../service.js';

export const handler = eventsConsumer({
  CourseEnrolled: async (detail) => {
    await countCourseEnrolment(detail.courseId, `free#${detail.courseId}#${detail.studentId}`);
  },
  PaymentConfirmed: async (detail) => {
    if (detail.purpose === 'course') await countCourseEnrolment(detail.courseId, `paid#${detail.reference}`, detail.amountMinor);
  },
});
