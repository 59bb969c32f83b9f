/**
 * DisputeDecided → the outcome and the team's note to the student who paid and to the tutor, each
 * in their language, once per lesson and reader (doOnce: delivery is at-least-once, and a repeated
 * decision announces again).
 */
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
import { doOnce } from '../../shared/once.js';
import { disputeDecidedEmails } from '../templates.js';

export const handler = eventConsumer('DisputeDecided', async (detail) => {
  const people = new Map((await getProfiles([detail.studentId, detail.tutorId])).map((p) => [p.id, p]));
  const student = people.get(detail.studentId);
  const tutor = people.get(detail.tutorId);
  if (!student || !tutor) throw new Error(`Dispute ${detail.bookingId}: its student or tutor was not found`);
  const emails = disputeDecidedEmails(detail, student, tutor, config.appOrigin);
  for (const side of ['student', 'tutor'] as const) {
    await doOnce(`dispute-decided#${detail.bookingId}#${side}`, () => sendEmail(emails[side]));
  }
});
