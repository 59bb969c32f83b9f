/**
 * PaymentConfirmed → the confirmation e-mails the payment page promises: one to the student,
 * one to the tutor. Delivery is at-least-once, so each e-mail is sent once (doOnce).
 */
import { getBooking } from '../../bookings/service.js';
import { getProfile } from '../../profiles/service.js';
import { config } from '../../shared/config.js';
import { eventConsumer } from '../../shared/consumer.js';
import { sendEmail } from '../../shared/email.js';
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
  for (const [who, email] of Object.entries(emails)) {
    await doOnce(`booking-confirmed#${booking.id}#${who}`, () => sendEmail(email));
  }
});
