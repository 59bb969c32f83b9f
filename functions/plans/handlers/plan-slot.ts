import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { quotePlanSlot } from '../slot-change-service.js';

export const handler = httpRoute(plansRoutes.planSlot, async ({ user, params, query }) => json(200, { slot: await quotePlanSlot(user, params.planId, query) }));
