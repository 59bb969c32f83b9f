/**
 * CoursePageChanged → re-render the course's own page and share images in every language (or leave
 * the 410 marker for a course no longer published) and the catalogue's first page, then invalidate
 * those paths. Safe to redeliver: the files are made from the course as stored now.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { logger } from '../../shared/logger.js';
import { renderCoursePageAfter } from '../course-service.js';

export const handler = eventsConsumer({
  CoursePageChanged: async (detail) => {
    const outcome = await renderCoursePageAfter(detail.courseId, detail.occurredAt);
    logger.info('Course page written', { courseId: detail.courseId, change: detail.change, ...outcome });
  },
});
