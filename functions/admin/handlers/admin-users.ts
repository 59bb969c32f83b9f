import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminUsers } from '../service.js';

export const handler = httpRoute(routes.adminUsers, async ({ query }) => json(200, await adminUsers(query)));
