import { profilesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { setPhoto } from '../photo-service.js';

export const handler = httpRoute(profilesRoutes.setProfilePhoto, async ({ user, body }) =>
  json(200, await setPhoto(user, body)));
