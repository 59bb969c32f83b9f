/** Query keys of the signed-in student's progress; a saved game invalidates `all`. */
export const progressKeys = {
  all: ['progress'] as const,
  mine: ['progress', 'mine'] as const,
};
