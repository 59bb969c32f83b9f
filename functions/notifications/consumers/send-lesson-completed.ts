/**
 * LessonCompleted → "How was your lesson?" to the student. Delivery is at-least-once, so the
 * e-mail is sent once per booking (doOnce).
 */
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { lessonCompletedEmail } from '../templates.js';

export const handler = eventConsumer('LessonCompleted', async (detail) => {
  if (detail.reason === 'student_no_show') return; // the student was absent: nothing to review
  const people = new Map((await getProfiles([detail.studentId, detail.tutorId])).map((p) => [p.id, p]));
  const student = people.get(detail.studentId);
  const tutor = people.get(detail.tutorId);
  if (!student || !tutor) throw new Error(`Lesson ${detail.bookingId}: its student or tutor was not found`);
  await doOnce(`lesson-completed#${detail.bookingId}`, () => sendEmail(lessonCompletedEmail(detail, student, tutor, config.appOrigin)));
});
