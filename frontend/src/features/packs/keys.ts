/** Query keys of lesson packs; invalidate `all` after buying, paying or booking from a pack. */
export const packKeys = {
  all: ['packs'] as const,
  mine: ['packs', 'mine'] as const,
  one: (packId: string) => ['packs', 'one', packId] as const,
  tutor: (tutorId: string) => ['packs', 'tutor', tutorId] as const,
  offers: ['packs', 'offers'] as const,
};
