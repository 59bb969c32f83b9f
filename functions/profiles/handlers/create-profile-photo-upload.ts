import { profilesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestPhotoUpload } from '../photo-service.js';

export const handler = httpRoute(profilesRoutes.createProfilePhotoUpload, async ({ user, body }) =>
  json(201, await requestPhotoUpload(user, body)));
