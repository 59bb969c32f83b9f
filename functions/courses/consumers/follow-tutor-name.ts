/** TutorProfileChanged (a profile edit) → the tutor's name on each of their courses, and the published ones' pages. */
import { eventConsumer } from '../../shared/consumer.js';
import { followTutorName } from '../service.js';

export const handler = eventConsumer('TutorProfileChanged', async (detail) => {
  if (detail.change === 'profile') await followTutorName(detail.tutorId);
});
