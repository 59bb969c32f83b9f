/**
 * The ledger's one consumer (definitions `ledger`), for the three events that move money. Each
 * writes its entry once, so redeliveries change nothing.
 * - PaymentConfirmed (lesson, course or a plan's instalment): the payment's first entry.
 * - LessonCompleted: the lesson's payment is split between the tutor (pending) and the fee.
 * - BookingCancelled: a paid lesson cancelled without a refund (a student's late cancel) is
 *   earned as if taught: the tutor kept the hour for it. A refunded cancel moves nothing here;
 *   the refund, once processed, does (functions/payments/refund-service.ts).
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { recordLessonEarned, recordPayment } from '../service.js';

export const handler = eventsConsumer({
  PaymentConfirmed: async (detail) => {
    await recordPayment({
      reference: detail.reference, purpose: detail.purpose, tutorId: detail.tutorId, amountMinor: detail.amountMinor, paidAt: detail.occurredAt,
      ...(detail.purpose === 'course' ? { courseId: detail.courseId } : detail.purpose === 'plan' ? { bookingIds: detail.bookingIds }
        : detail.purpose === 'pack' ? { packId: detail.packId } : { bookingId: detail.bookingId }),
    });
  },
  LessonCompleted: async (detail) => {
    await recordLessonEarned(detail.bookingId, detail.occurredAt);
  },
  BookingCancelled: async (detail) => {
    if (detail.paid && !detail.refundDue) await recordLessonEarned(detail.bookingId, detail.occurredAt);
  },
});
