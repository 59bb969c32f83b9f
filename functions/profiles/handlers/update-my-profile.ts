import { profilesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { updateMyProfile } from '../edit-service.js';

export const handler = httpRoute(profilesRoutes.updateMyProfile, async ({ user, body }) =>
  json(200, { profile: await updateMyProfile(user, body) }));
