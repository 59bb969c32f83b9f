import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { bookingForParticipant } from '../service.js';

export const handler = httpRoute(bookingsRoutes.getBooking, async ({ user, params }) =>
  json(200, { booking: await bookingForParticipant(user, params.bookingId) }));
