import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { acceptReschedule } from '../reschedule-service.js';

export const handler = httpRoute(bookingsRoutes.acceptReschedule, async ({ user, params }) =>
  json(200, { booking: await acceptReschedule(user, params.bookingId) }));
