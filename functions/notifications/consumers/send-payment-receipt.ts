/**
 * PaymentConfirmed → the payer's receipt (the student, or the parent who paid for a child), for a
 * booked lesson, a weekly plan's instalment and a course, by the channel they chose for receipts (e-mail by default;
 * functions/messaging/notify.ts). Its amount and reference are the verified payment's. Delivery is
 * at-least-once, and a payment's confirmation may be published again, so it is sent once per
 * payment reference (doOnce, and the router's once per kind, subject and recipient).
 */
import { getPack } from '../../packs/lookup.js';
import { getBooking } from '../../bookings/service.js';
import { findCourse } from '../../courses/service.js';
import { notify } from '../../messaging/notify.js';
import type { PaidFor } from '../../messaging/texts.js';
import { getProfile } from '../../profiles/service.js';
import { eventConsumer } from '../../shared/consumer.js';
import { doOnce } from '../../shared/once.js';
import { paymentReceiptEmail } from '../templates.js';

export const handler = eventConsumer('PaymentConfirmed', async (detail) => {
  const payer = await getProfile(detail.studentId);
  if (!payer) throw new Error(`Payment ${detail.reference}: its payer was not found`);
  let paidFor: PaidFor;
  if (detail.purpose === 'course') {
    const course = await findCourse(detail.courseId);
    if (!course) throw new Error(`Payment ${detail.reference}: course ${detail.courseId} not found`);
    paidFor = { purpose: 'course', title: course.title };
  } else if (detail.purpose === 'pack') {
    // A pack is receipted as its subject with its tutor (the amount is the pack's).
    const [pack, tutor] = await Promise.all([getPack(detail.packId), getProfile(detail.tutorId)]);
    if (!pack || !tutor) throw new Error(`Payment ${detail.reference}: pack ${detail.packId} or its tutor not found`);
    paidFor = { purpose: 'lesson', subject: pack.subject, otherName: `${tutor.firstName} ${tutor.lastName}` };
  } else {
    // A plan's instalment is receipted as its lessons' subject with their tutor (the amount is the instalment's).
    const bookingId = detail.purpose === 'plan' ? detail.bookingIds[0]! : detail.bookingId;
    const [booking, tutor] = await Promise.all([getBooking(bookingId), getProfile(detail.tutorId)]);
    if (!booking || !tutor) throw new Error(`Payment ${detail.reference}: booking ${bookingId} or its tutor not found`);
    paidFor = { purpose: 'lesson', subject: booking.subject, otherName: `${tutor.firstName} ${tutor.lastName}` };
  }
  await doOnce(`payment-receipt#${detail.reference}`, async () => {
    await notify({
      kind: 'paymentReceipt', subjectId: detail.reference, recipient: payer, email: paymentReceiptEmail(detail, paidFor, payer),
      values: { ...paidFor, amountMinor: detail.amountMinor, reference: detail.reference },
    });
  });
});
