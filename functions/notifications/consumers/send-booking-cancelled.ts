/**
 * BookingCancelled → the student (or the parent who booked: the booking's student is its payer)
 * and the tutor are told, whoever cancelled (the system included), each by the channel they chose
 * for lesson changes (functions/messaging/notify.ts: SMS by default with a verified number, else
 * the e-mail, which keeps the reason and the refund). Delivery is at-least-once, so each is sent
 * once per booking and reader (doOnce, and the router's once per kind, subject and recipient).
 */
import { notify } from '../../messaging/notify.js';
import { getProfiles } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { doOnce } from '../../shared/once.js';
import { bookingCancelledEmails } from '../templates.js';

export const handler = eventConsumer('BookingCancelled', async (detail) => {
  // A lesson its weekly plan's ending or a pause cancelled: PlanEnded or PlanPaused tells each party once.
  if (detail.planEnded || detail.planPaused || detail.planSlotChanged) return;
  const people = new Map((await getProfiles([detail.studentId, detail.tutorId])).map((p) => [p.id, p]));
  const student = people.get(detail.studentId);
  const tutor = people.get(detail.tutorId);
  if (!student || !tutor) throw new Error(`Booking ${detail.bookingId}: its student or tutor was not found`);
  const emails = bookingCancelledEmails(detail, student, tutor, config.appOrigin);
  for (const [reader, other, who] of [[student, tutor, 'student'], [tutor, student, 'tutor']] as const) {
    await doOnce(`booking-cancelled#${detail.bookingId}#${who}`, async () => {
      await notify({
        kind: 'lessonChange', subjectId: `cancelled#${detail.bookingId}`, recipient: reader, email: emails[who],
        values: {
          change: 'cancelled', subject: detail.subject, otherName: `${other.firstName} ${other.lastName}`,
          scheduledAt: detail.scheduledAt, timeZone: reader.timeZone,
        },
      });
    });
  }
});
