/** Query keys of live lessons: one booking's live session (state, actions, attendance). */
export const liveKeys = {
  all: ['live'] as const,
  session: (bookingId: string) => ['live', 'session', bookingId] as const,
};
