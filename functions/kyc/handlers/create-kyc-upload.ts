import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { CreateUploadRequest } from '../../uploads/contract.js';
import { requestKycUpload } from '../service.js';

export const handler = httpRoute(routes.createKycUpload, { body: CreateUploadRequest }, async ({ user, body }) =>
  json(201, await requestKycUpload(user, body)));
