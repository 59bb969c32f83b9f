import { disputesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listOpenDisputes } from '../service.js';

export const handler = httpRoute(disputesRoutes.listOpenDisputes, async ({ query }) => json(200, await listOpenDisputes(query)));
