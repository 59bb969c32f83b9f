/**
 * Spec §8 texts the public tutor pages show. They live here, not in the contract import, because
 * functions/tutors/contract.ts builds zod schemas at module level and importing even one string
 * from it would put zod (~40 KB gzip) into /browse-tutors. messages.test.ts checks the copies
 * against the contract.
 */
export const browseMessages = {
  loadErrorTitle: 'Error Loading Tutors',
  loadError: 'There was an error loading the tutors. Please try again later.',
  emptyTitle: 'No tutors found',
  empty: 'Try adjusting your search criteria or browse all available tutors.',
  signInToBook: 'Please sign in to book a tutor',
} as const;

export const profileMessages = {
  notFoundTitle: 'Tutor Not Found',
  /** = tutorNotFound of functions/tutors/contract.ts */
  notFound: "The tutor you're looking for doesn't exist or is not available.",
  signInToBook: 'Please sign in to book a session',
  selectDate: 'Please select a date',
  noSlotsForDate: 'No available slots for this date',
} as const;
