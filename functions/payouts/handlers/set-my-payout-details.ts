import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { setPayoutDetails } from '../recipient-service.js';

export const handler = httpRoute(payoutsRoutes.setMyPayoutDetails, async ({ user, body }) => json(200, await setPayoutDetails(user.id, body)));
