/** Query keys of certificates: the public record by code, the viewer's own, the super admin's list. */
export const certificateKeys = {
  all: ['certificates'] as const,
  byCode: (code: string) => ['certificates', 'code', code] as const,
  mine: ['certificates', 'mine'] as const,
  badges: ['certificates', 'badges'] as const,
  admin: (code: string) => ['certificates', 'admin', code] as const,
};
