/**
 * Tells the tutor's own page (functions/sitepages) that what their public profile shows changed.
 * Stamped when announced, after the change's writes: a render that began reading after this time
 * read them, so the lane may skip it (render-lane.ts). A time taken when the request began would let
 * a render that started meanwhile, before the writes, pass for one that read them.
 */
import type { TutorProfileChanged } from '../../events/index.js';
import { publishEvent } from '../shared/events.js';

export function announceTutorChange(tutorId: string, change: TutorProfileChanged['change']): Promise<void> {
  return publishEvent('TutorProfileChanged', { tutorId, change, occurredAt: new Date().toISOString() });
}
