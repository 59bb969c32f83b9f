import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { bookingForParticipant } from '../service.js';

export const handler = httpRoute(routes.getBooking, async ({ user, params }) =>
  json(200, { booking: await bookingForParticipant(user, params.bookingId ?? '') }));
