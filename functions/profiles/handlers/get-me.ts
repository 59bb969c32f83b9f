import { routes } from '../../routes.js';
import { NotFound } from '../../shared/errors.js';
import { httpRoute, json } from '../../shared/http.js';
import type { MeResponse } from '../contract.js';
import { getProfile } from '../repository.js';

export const handler = httpRoute(routes.getMe, {}, async ({ user }) => {
  const profile = await getProfile(user.id);
  if (!profile) throw new NotFound('Profile not found');
  // The profile's role changes together with the Cognito groups (admin grants), so it is current
  // even while the caller's token still carries the groups it was issued with.
  const body: MeResponse = { profile };
  return json(200, body);
});
