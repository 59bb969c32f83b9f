import { payoutsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myPayouts } from '../service.js';

export const handler = httpRoute(payoutsRoutes.getMyPayouts, async ({ user, language }) => json(200, await myPayouts(user.id, language)));
