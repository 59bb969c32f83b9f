/** Query keys of the signed-in student's (or a parent's chosen child's) progress; a saved game invalidates `all`. */
export const progressKeys = {
  all: ['progress'] as const,
  mine: (scope: string) => ['progress', 'mine', scope] as const,
  subjects: (scope: string) => ['progress', 'subjects', scope] as const,
};
