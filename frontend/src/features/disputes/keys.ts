/** Query keys of disputes: the signed-in student's own reports, and the super admin's open list. */
export const disputeKeys = {
  all: ['disputes'] as const,
  mine: ['disputes', 'mine'] as const,
  open: ['disputes', 'open'] as const,
};
