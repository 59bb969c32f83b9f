import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminStats } from '../service.js';

export const handler = httpRoute(adminRoutes.adminStats, async () => json(200, await adminStats()));
