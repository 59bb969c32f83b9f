import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myTutorPlans } from '../tutor-service.js';

export const handler = httpRoute(plansRoutes.tutorPlans, async ({ user }) => json(200, await myTutorPlans(user)));
