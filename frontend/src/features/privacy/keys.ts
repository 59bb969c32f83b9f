/** Query keys of privacy: the caller's data export, and the children a parent may delete. */
export const privacyKeys = {
  all: ['privacy'] as const,
  export: ['privacy', 'export'] as const,
  learners: ['privacy', 'learners'] as const,
};
