/** Lesson packs' texts (Kiswahili in functions/shared/i18n/sw.json, keyed by these). */
export const packMessages = {
  lessons: 'A pack is between 2 and 20 lessons',
  discount: 'The discount is between 0 and 50 percent',
  duration: 'Duration must be 60, 90 or 120 minutes',
  offerNotFound: 'This pack is not offered',
  notFound: 'Pack not found',
  notYours: 'This pack belongs to another learner',
  unpaid: 'Pay for this pack before booking from it',
  noCredits: 'This pack has no lessons left',
  alreadyPaid: 'This pack is already paid',
  packPaid: 'Your pack is paid: book its lessons from My Bookings',
  tooManyOffers: 'You can offer at most 5 packs',
} as const;
