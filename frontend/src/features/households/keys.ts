/** Query keys of households: the signed-in parent's learners. */
export const householdKeys = {
  all: ['households'] as const,
  learners: ['households', 'learners'] as const,
  consents: ['households', 'consents'] as const,
  summary: ['households', 'summary'] as const,
};
