import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import type { MeResponse } from '../contract.js';
import { myProfile } from '../service.js';

export const handler = httpRoute(routes.getMe, async ({ user }) => {
  const body: MeResponse = { profile: await myProfile(user) };
  return json(200, body);
});
