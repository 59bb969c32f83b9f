import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { proposeReschedule } from '../reschedule-service.js';

export const handler = httpRoute(bookingsRoutes.proposeReschedule, async ({ user, params, body }) =>
  json(200, { booking: await proposeReschedule(user, params.bookingId, body) }));
