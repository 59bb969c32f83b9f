import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { RegisterUploadRequest } from '../../uploads/contract.js';
import { setPhoto } from '../photo-service.js';

export const handler = httpRoute(routes.setProfilePhoto, { body: RegisterUploadRequest }, async ({ user, body }) =>
  json(200, await setPhoto(user, body)));
