/**
 * PaymentConfirmed → the confirmation the payment page promises: one to the student (or the
 * parent who booked), one to the tutor, each by the channel they chose for booking confirmations
 * (functions/messaging/notify.ts: SMS by default with a verified number, else e-mail). Delivery
 * is at-least-once, so each is sent once (doOnce, and the router's once per channel).
 */
import { getBooking } from '../../bookings/service.js';
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { notify } from '../../messaging/notify.js';
import { doOnce } from '../../shared/once.js';
import { bookingConfirmedEmails } from '../templates.js';

export const handler = eventConsumer('PaymentConfirmed', async (detail) => {
  // A course payment has its own e-mail (courses domain); this one is about a booked lesson.
  if (detail.purpose !== 'lesson') return;
  const [booking, student, tutor] = await Promise.all([
    getBooking(detail.bookingId), getProfile(detail.studentId), getProfile(detail.tutorId),
  ]);
  if (!booking || !student || !tutor) throw new Error(`Booking ${detail.bookingId} or its people not found`);
  const emails = bookingConfirmedEmails(booking, student, tutor, config.appOrigin);
  for (const [reader, other, who] of [[student, tutor, 'student'], [tutor, student, 'tutor']] as const) {
    await doOnce(`booking-confirmed#${booking.id}#${who}`, async () => {
      await notify({
        kind: 'bookingConfirmation', subjectId: booking.id, recipient: reader, email: emails[who],
        values: { subject: booking.subject, otherName: `${other.firstName} ${other.lastName}`, scheduledAt: booking.scheduledAt, timeZone: reader.timeZone },
      });
    });
  }
});
