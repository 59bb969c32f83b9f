/** Query keys of tutor data: the public reads under `tutors`, the tutor's own availability. */
import type { BrowseFilters } from './browse-params';

export const tutorKeys = {
  /** Every public tutor read (browse pages, profiles, open times). */
  all: ['tutors'] as const,
  browse: (filters: BrowseFilters) => ['tutors', 'browse', filters] as const,
  detail: (tutorId: string) => ['tutors', 'detail', tutorId] as const,
  slots: (tutorId: string) => ['tutors', 'slots', tutorId] as const,
  /** The signed-in tutor's weekly slots and their summary. */
  myAvailability: ['my-availability'] as const,
  mySlots: ['my-availability', 'slots'] as const,
  mySummary: ['my-availability', 'summary'] as const,
};
