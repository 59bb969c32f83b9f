import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { retryPayout } from '../service.js';

export const handler = httpRoute(payoutsRoutes.retryPayout, async ({ user, params }) => json(200, await retryPayout(user, params.reference)));
