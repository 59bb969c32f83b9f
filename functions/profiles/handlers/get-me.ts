import { profilesRoutes } from '../routes.js';
import { httpRoute, json, secondFactorMissing } from '../../shared/http.js';
import { pendingAdminGrant } from '../../admin/grant-service.js';
import type { MeResponse } from '../contract.js';
import { myProfile } from '../service.js';

export const handler = httpRoute(profilesRoutes.getMe, async ({ user, event }) => {
  const [profile, mfaSetupRequired, adminEnrolment] = await Promise.all([
    myProfile(user), secondFactorMissing(user, event), user.groups.includes('super_admin') ? null : pendingAdminGrant(user.id),
  ]);
  const body: MeResponse = { profile, mfaSetupRequired, ...(adminEnrolment ? { adminEnrolment } : {}) };
  return json(200, body);
});
