/** Query keys of messaging: the caller's notification preferences. */
export const messagingKeys = {
  all: ['messaging'] as const,
  preferences: ['messaging', 'preferences'] as const,
};
