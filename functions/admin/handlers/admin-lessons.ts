import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminLessons } from '../service.js';

export const handler = httpRoute(adminRoutes.adminLessons, async ({ query }) => json(200, await adminLessons(query)));
