/**
 * A lesson held (LessonCompleted) or its report approved (LessonReportApproved) marks the learner
 * active in that lesson's week, and an approved report's homework in the week it is due, for the
 * Sunday report. Rewriting a marker changes nothing, so redelivered events need no guard.
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { markLessonWeeks } from '../service.js';

export const handler = eventsConsumer({
  LessonCompleted: (detail) => markLessonWeeks(detail.bookingId),
  LessonReportApproved: (detail) => markLessonWeeks(detail.bookingId),
});
