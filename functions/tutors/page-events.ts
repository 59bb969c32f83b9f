/** Tells the tutor's own page (functions/sitepages) that what their public profile shows changed. */
import type { TutorProfileChanged } from '../../events/index.js';
import { publishEvent } from '../shared/events.js';

export function announceTutorChange(tutorId: string, change: TutorProfileChanged['change'], now: Date = new Date()): Promise<void> {
  return publishEvent('TutorProfileChanged', { tutorId, change, occurredAt: now.toISOString() });
}
