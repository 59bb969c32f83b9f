/**
 * Tells the course's own page (functions/sitepages) that what its public view shows changed.
 * Stamped when announced, after the change's writes (why: functions/tutors/page-events.ts).
 */
import type { CoursePageChanged } from '../../events/index.js';
import { publishEvent } from '../shared/events.js';

export function announceCourseChange(courseId: string, change: CoursePageChanged['change']): Promise<void> {
  return publishEvent('CoursePageChanged', { courseId, change, occurredAt: new Date().toISOString() });
}
