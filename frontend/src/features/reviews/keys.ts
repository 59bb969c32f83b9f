/** Query keys of reviews: the signed-in student's own, and each tutor's public list. */
export const reviewKeys = {
  all: ['reviews'] as const,
  mine: ['reviews', 'mine'] as const,
  tutor: (tutorId: string) => ['reviews', 'tutor', tutorId] as const,
};
