import { kycRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestKycUpload } from '../service.js';

export const handler = httpRoute(kycRoutes.createKycUpload, async ({ user, body }) =>
  json(201, await requestKycUpload(user, body)));
