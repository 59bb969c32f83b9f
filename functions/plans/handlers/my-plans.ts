import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myPlans } from '../setup-service.js';

export const handler = httpRoute(plansRoutes.myPlans, async ({ user }) => json(200, { plans: await myPlans(user) }));
