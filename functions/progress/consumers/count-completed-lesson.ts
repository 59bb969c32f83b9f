/**
 * LessonCompleted → the student's Hours Studied and Streak. Delivery is at-least-once, so the
 * lesson is counted once per booking (a marker in the same transaction as the totals).
 */
import { eventConsumer } from '../../shared/consumer.js';
import { countCompletedLesson } from '../service.js';

export const handler = eventConsumer('LessonCompleted', async (detail) => {
  if (detail.reason === 'student_no_show') return; // the student did not study that hour
  await countCompletedLesson(detail);
});
