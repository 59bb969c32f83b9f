import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { quotePlanEnding } from '../end-service.js';

export const handler = httpRoute(plansRoutes.planEnding, async ({ user, params }) => json(200, await quotePlanEnding(user, params.planId)));
