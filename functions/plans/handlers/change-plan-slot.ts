import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { changePlanSlot } from '../slot-change-service.js';

export const handler = httpRoute(plansRoutes.changePlanSlot, async ({ user, params, body }) => json(200, { plan: await changePlanSlot(user, params.planId, body) }));
