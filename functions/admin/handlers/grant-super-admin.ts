import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { grantSuperAdminById } from '../service.js';

export const handler = httpRoute(adminRoutes.grantSuperAdmin, async ({ user, params }) =>
  json(200, { user: await grantSuperAdminById(params.userId, user.id) }));
