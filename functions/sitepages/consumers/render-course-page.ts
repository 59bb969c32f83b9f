/**
 * CoursePageChanged → re-render the course's own page and share images in every language (or leave
 * the 410 marker for a course no longer published) and the catalogue's first page, then invalidate
 * those paths. Safe to redeliver: the files are made from the course as stored now.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { logger } from '../../shared/logger.js';
import { renderCoursePageAfter } from '../course-service.js';
import { RENDERER_DIR_ENV } from '../files.js';

/** As the tutor pages' consumer: a logged no-op in a Lambda until its renderer asset ships (docs/decisions/2026-11-29-tutor-page-consumer.md). */
const rendererShipped = () => Boolean(process.env[RENDERER_DIR_ENV]) || !process.env.AWS_LAMBDA_FUNCTION_NAME;

export const handler = eventsConsumer({
  CoursePageChanged: async (detail) => {
    if (!rendererShipped()) {
      logger.warn('Course page not rendered: this function has no page renderer yet', { courseId: detail.courseId });
      return;
    }
    const outcome = await renderCoursePageAfter(detail.courseId, detail.occurredAt);
    logger.info('Course page written', { courseId: detail.courseId, change: detail.change, ...outcome });
  },
});
