import { plansRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { planForParticipant } from '../setup-service.js';

export const handler = httpRoute(plansRoutes.getPlan, async ({ user, params }) => json(200, await planForParticipant(user, params.planId)));
