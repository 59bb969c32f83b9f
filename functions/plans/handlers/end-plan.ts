import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { endPlan } from '../end-service.js';

export const handler = httpRoute(plansRoutes.endPlan, async ({ user, params, body }) => json(200, { plan: await endPlan(user, params.planId, body.reason) }));
