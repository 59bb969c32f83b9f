import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { quotePlan } from '../service.js';

export const handler = httpRoute(plansRoutes.quotePlan, async ({ body }) => json(200, { quote: await quotePlan(body) }));
