import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminPayouts } from '../service.js';

export const handler = httpRoute(payoutsRoutes.listAdminPayouts, async ({ query, language }) => json(200, await adminPayouts(query.status, language)));
