/**
 * LessonReschedule → e-mails about moving a lesson: a proposal to the other party, an accepted
 * move to both (the new time in each reader's zone), a declined or withdrawn proposal to the
 * party who did not act. Delivery is at-least-once, so each e-mail is sent once (doOnce; the
 * proposal's time makes each proposal's e-mails distinct).
 */
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { lessonRescheduleEmails } from '../templates.js';

export const handler = eventConsumer('LessonReschedule', async (detail) => {
  const people = new Map((await getProfiles([detail.studentId, detail.tutorId])).map((p) => [p.id, p]));
  const student = people.get(detail.studentId);
  const tutor = people.get(detail.tutorId);
  if (!student || !tutor) throw new Error(`Lesson ${detail.bookingId}: its student or tutor was not found`);
  for (const [who, email] of Object.entries(lessonRescheduleEmails(detail, student, tutor, config.appOrigin))) {
    await doOnce(`lesson-reschedule#${detail.bookingId}#${detail.proposedAt}#${detail.step}#${who}`, () => sendEmail(email));
  }
});
