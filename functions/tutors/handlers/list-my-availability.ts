import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myAvailability } from '../service.js';

export const handler = httpRoute(routes.listMyAvailability, async ({ user }) => json(200, await myAvailability(user.id)));
