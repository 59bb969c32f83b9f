import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { cancelBooking } from '../cancel-service.js';

export const handler = httpRoute(bookingsRoutes.cancelBooking, async ({ user, params, body }) =>
  json(200, { booking: await cancelBooking(user, params.bookingId, body.reason) }));
