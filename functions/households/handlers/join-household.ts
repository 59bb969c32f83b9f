import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { joinHousehold } from '../logins-service.js';

export const handler = httpRoute(householdsRoutes.joinHousehold, async ({ user, body }) => json(200, await joinHousehold(user, body.code)));
