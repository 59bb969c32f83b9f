import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myPayoutDetails } from '../recipient-service.js';

export const handler = httpRoute(payoutsRoutes.getMyPayoutDetails, async ({ user }) => json(200, await myPayoutDetails(user.id)));
