/** LessonCompleted → the lesson's payment is split between the tutor (pending) and the platform's fee, once. */
import { eventConsumer } from '../../shared/consumer.js';
import { recordLessonEarned } from '../service.js';

export const handler = eventConsumer('LessonCompleted', async (detail) => {
  await recordLessonEarned(detail.bookingId, detail.occurredAt);
});
