/**
 * PaymentConfirmed (purpose course) → "You're enrolled in …" to the payer, once per enrolment
 * (doOnce; delivery is at-least-once): per course and enrolled person, so a parent who buys the
 * course for two children hears of each. The enrolment itself was written with the payment.
 */
import { findCourse } from '../../courses/service.js';
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { courseEnrolledEmail } from '../templates.js';

export const handler = eventConsumer('PaymentConfirmed', async (detail) => {
  if (detail.purpose !== 'course') return;
  const [course, student] = await Promise.all([findCourse(detail.courseId), getProfile(detail.studentId)]);
  if (!course || !student) throw new Error(`Course ${detail.courseId} or student ${detail.studentId} not found`);
  await doOnce(`course-enrolled#${course.id}#${detail.learnerId ?? student.id}`, () => sendEmail(courseEnrolledEmail(course, student, config.appOrigin)));
});
