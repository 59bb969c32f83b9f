import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { CreateUploadRequest } from '../../uploads/contract.js';
import { requestPhotoUpload } from '../photo-service.js';

export const handler = httpRoute(routes.createProfilePhotoUpload, { body: CreateUploadRequest }, async ({ user, body }) =>
  json(201, await requestPhotoUpload(user, body)));
