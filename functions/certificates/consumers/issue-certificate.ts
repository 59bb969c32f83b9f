/**
 * CourseCompleted → the course certificate. Delivery is at-least-once: the certificate is issued
 * once per student and course (a marker in the certificate's own transaction).
 */
import { eventConsumer } from '../../shared/consumer.js';
import { issueForCompletion } from '../service.js';

export const handler = eventConsumer('CourseCompleted', async (detail) => {
  await issueForCompletion(detail);
});
