/** Tells the course's own page (functions/sitepages) that what its public view shows changed. */
import type { CoursePageChanged } from '../../events/index.js';
import { publishEvent } from '../shared/events.js';

export function announceCourseChange(courseId: string, change: CoursePageChanged['change'], now: Date = new Date()): Promise<void> {
  return publishEvent('CoursePageChanged', { courseId, change, occurredAt: now.toISOString() });
}
