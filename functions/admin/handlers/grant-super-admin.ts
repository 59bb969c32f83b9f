import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { issueAdminGrantById } from '../grant-service.js';

export const handler = httpRoute(adminRoutes.grantSuperAdmin, async ({ user, params }) =>
  json(200, await issueAdminGrantById(params.userId, user.id)));
