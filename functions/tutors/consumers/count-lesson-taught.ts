/** LessonCompleted → the tutor's lessons taught and students taught (once per booking, once per student), then their page is told (TutorProfileChanged). */
import { eventConsumer } from '../../shared/consumer.js';
import { recordLessonTaught } from '../service.js';

export const handler = eventConsumer('LessonCompleted', async (detail) => {
  await recordLessonTaught(detail);
});
