/**
 * BookingCancelled → a paid lesson cancelled without a refund (a student's late cancel) is
 * earned as if taught: the tutor kept the hour free for it. Refunded cancels move nothing here;
 * the refund, once processed, does.
 */
import { eventConsumer } from '../../shared/consumer.js';
import { recordLessonEarned } from '../service.js';

export const handler = eventConsumer('BookingCancelled', async (detail) => {
  if (detail.paid && !detail.refundDue) await recordLessonEarned(detail.bookingId, detail.occurredAt);
});
