import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { declinePlan } from '../tutor-service.js';

export const handler = httpRoute(plansRoutes.declinePlan, async ({ user, params, body }) => json(200, { plan: await declinePlan(user, params.planId, body.reason) }));
