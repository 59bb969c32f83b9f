/**
 * TutorProfileChanged, KycApproved → re-render the tutor's own page and share images in every
 * language (or leave the 410 marker for a tutor no longer public), then invalidate those paths.
 * Safe to redeliver: the files are made from the tutor as stored now.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { logger } from '../../shared/logger.js';
import { RENDERER_DIR_ENV } from '../files.js';
import { renderTutorPageAfter } from '../service.js';

/**
 * In a Lambda the renderer comes only from its own asset (PAGE_RENDERER_DIR): until that asset is
 * shipped (docs/decisions/2026-11-29-tutor-page-consumer.md), the deployed consumer renders nothing
 * and says so, instead of failing every delivery into its dead-letter queue. Locally the
 * project's own build is used.
 */
const rendererShipped = () => Boolean(process.env[RENDERER_DIR_ENV]) || !process.env.AWS_LAMBDA_FUNCTION_NAME;

async function render(tutorId: string, occurredAt: string) {
  if (!rendererShipped()) {
    logger.warn('Tutor page not rendered: this function has no page renderer yet', { tutorId });
    return;
  }
  const outcome = await renderTutorPageAfter(tutorId, occurredAt);
  logger.info('Tutor page written', { tutorId, outcome });
}

export const handler = eventsConsumer({
  TutorProfileChanged: (detail) => render(detail.tutorId, detail.occurredAt),
  KycApproved: (detail) => render(detail.tutorId, detail.occurredAt),
});
