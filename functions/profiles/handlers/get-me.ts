import { profilesRoutes } from '../routes.js';
import { httpRoute, json, secondFactorMissing } from '../../shared/http.js';
import type { MeResponse } from '../contract.js';
import { myProfile } from '../service.js';

export const handler = httpRoute(profilesRoutes.getMe, async ({ user, event }) => {
  const [profile, mfaSetupRequired] = await Promise.all([myProfile(user), secondFactorMissing(user, event)]);
  const body: MeResponse = { profile, mfaSetupRequired };
  return json(200, body);
});
