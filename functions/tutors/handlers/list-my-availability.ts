import { tutorsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myAvailability } from '../service.js';

export const handler = httpRoute(tutorsRoutes.listMyAvailability, async ({ user }) => json(200, await myAvailability(user.id)));
