/**
 * TutorProfileChanged, KycApproved → re-render the tutor's own page and share images in every
 * language (or leave the 410 marker for a tutor no longer public), then invalidate those paths.
 * Safe to redeliver: the files are made from the tutor as stored now.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { logger } from '../../shared/logger.js';
import { renderTutorPageAfter } from '../service.js';

async function render(tutorId: string, occurredAt: string) {
  const outcome = await renderTutorPageAfter(tutorId, occurredAt);
  logger.info('Tutor page written', { tutorId, outcome });
}

export const handler = eventsConsumer({
  TutorProfileChanged: (detail) => render(detail.tutorId, detail.occurredAt),
  KycApproved: (detail) => render(detail.tutorId, detail.occurredAt),
});
