/** Query keys of lesson reports; one per lesson (the report is read by its booking id). */
export const reportKeys = {
  all: ['reports'] as const,
  lesson: (bookingId: string) => ['reports', bookingId] as const,
  share: ['reports', 'share'] as const,
};
