import { tutorsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { addAvailability } from '../service.js';

export const handler = httpRoute(tutorsRoutes.addMyAvailability, async ({ user, body, language }) =>
  json(201, { slot: await addAvailability(user.id, body, new Date(), language) }));
