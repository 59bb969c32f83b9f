/** Query keys of the signed-in user's bookings; invalidate `all` after any booking or payment change. */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: ['bookings', 'mine'] as const,
  tutorStats: ['bookings', 'tutor-stats'] as const,
};
