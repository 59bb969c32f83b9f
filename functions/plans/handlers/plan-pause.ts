import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { quotePlanPause } from '../pause-service.js';

export const handler = httpRoute(plansRoutes.planPause, async ({ user, params, query }) => json(200, { pause: await quotePlanPause(user, params.planId, query.from, query.weeks) }));
