/**
 * Spec §8 texts the public tutor pages show (not from contract.ts: it builds zod schemas at
 * module level, which would put zod into /browse-tutors).
 */
import { tutorNotFound } from '@functions/tutors/catalog';
import type { LoadErrorProps } from '../../shared/ui/QueryState';

export const browseMessages = {
  loadErrorTitle: 'Error Loading Tutors',
  loadError: 'There was an error loading the tutors. Please try again later.',
  emptyTitle: 'No tutors found',
  empty: 'Try adjusting your search criteria or browse all available tutors.',
  offline: "You're offline: these are the tutors loaded earlier. The list updates when you're back online.",
  signInToBook: 'Please sign in to book a tutor',
} as const;

export const profileMessages = {
  notFoundTitle: 'Tutor Not Found',
  notFound: tutorNotFound,
  signInToBook: 'Please sign in to book a session',
  selectDate: 'Please select a date',
  noSlotsForDate: 'No available slots for this date',
} as const;

/** A tutor's open times failed to load (profile calendar and booking form). */
export const SLOTS_FAILED = { title: 'Could not load available times.', look: 'block', className: 'calendar-status' } satisfies LoadErrorProps;
