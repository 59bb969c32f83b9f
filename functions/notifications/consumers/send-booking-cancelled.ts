/**
 * BookingCancelled → an e-mail to the student and to the tutor. Delivery is at-least-once, so
 * each is sent once per booking and reader (doOnce).
 */
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { bookingCancelledEmails } from '../templates.js';

export const handler = eventConsumer('BookingCancelled', async (detail) => {
  const people = new Map((await getProfiles([detail.studentId, detail.tutorId])).map((p) => [p.id, p]));
  const student = people.get(detail.studentId);
  const tutor = people.get(detail.tutorId);
  if (!student || !tutor) throw new Error(`Booking ${detail.bookingId}: its student or tutor was not found`);
  const emails = bookingCancelledEmails(detail, student, tutor, config.appOrigin);
  for (const reader of ['student', 'tutor'] as const) {
    await doOnce(`booking-cancelled#${detail.bookingId}#${reader}`, () => sendEmail(emails[reader]));
  }
});
