/** PaymentConfirmed (lesson or course) → the payment's first ledger entry (once per reference). */
import { eventConsumer } from '../../shared/consumer.js';
import { recordPayment } from '../service.js';

export const handler = eventConsumer('PaymentConfirmed', async (detail) => {
  await recordPayment({
    reference: detail.reference, purpose: detail.purpose, tutorId: detail.tutorId, amountMinor: detail.amountMinor, paidAt: detail.occurredAt,
    ...(detail.purpose === 'course' ? { courseId: detail.courseId } : { bookingId: detail.bookingId }),
  });
});
