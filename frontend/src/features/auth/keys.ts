/** Query keys of the signed-in user's own record (GET /api/me). */
export const authKeys = {
  me: (userId: string | undefined) => ['me', userId] as const,
};
