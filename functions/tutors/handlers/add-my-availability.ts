import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { AddAvailabilityRequest } from '../contract.js';
import { addAvailability } from '../service.js';

export const handler = httpRoute(routes.addMyAvailability, { body: AddAvailabilityRequest }, async ({ user, body }) =>
  json(201, { slot: await addAvailability(user.id, body) }));
