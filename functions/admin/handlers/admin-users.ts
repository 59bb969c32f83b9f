import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminUsers } from '../service.js';

export const handler = httpRoute(adminRoutes.adminUsers, async ({ query }) => json(200, await adminUsers(query)));
