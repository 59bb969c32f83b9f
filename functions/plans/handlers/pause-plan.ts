import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { pausePlan } from '../pause-service.js';

export const handler = httpRoute(plansRoutes.pausePlan, async ({ user, params, body }) => json(200, { plan: await pausePlan(user, params.planId, body) }));
