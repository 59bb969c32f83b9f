/** Query keys of phones: the caller's verified number and waiting code. */
export const phoneKeys = {
  all: ['phones'] as const,
  mine: ['phones', 'me'] as const,
};
