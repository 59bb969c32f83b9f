/**
 * English texts other features' pages take from tutors until they read the tutors catalogs
 * themselves (features/bookings: the booking page's title, its slot list's load error). The
 * tutor pages' own texts are in the catalogs (text.ts, browse/, profile/, dashboard/).
 */
import type { LoadErrorProps } from '../../shared/ui/QueryState';

export const profileMessages = {
  notFoundTitle: 'Tutor Not Found',
} as const;

/** A tutor's open times failed to load (the booking form). */
export const SLOTS_FAILED = { title: 'Could not load available times.', look: 'block', className: 'calendar-status' } satisfies LoadErrorProps;
