import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestKycUpload } from '../service.js';

export const handler = httpRoute(routes.createKycUpload, async ({ user, body }) =>
  json(201, await requestKycUpload(user, body)));
