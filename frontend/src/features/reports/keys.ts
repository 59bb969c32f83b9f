/** Query keys of lesson reports: one per lesson (read by its booking id) and one history per learner. */
export const reportKeys = {
  all: ['reports'] as const,
  lesson: (bookingId: string) => ['reports', bookingId] as const,
  share: ['reports', 'share'] as const,
  histories: ['reports', 'history'] as const,
  /** A learner's reported lessons (none: the caller's own, a student). */
  history: (learnerId: string | undefined) => ['reports', 'history', learnerId ?? 'self'] as const,
};
