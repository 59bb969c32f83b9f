import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { createBooking } from '../service.js';

export const handler = httpRoute(bookingsRoutes.createBooking, async ({ user, body }) =>
  json(201, { booking: await createBooking(user, body) }));
