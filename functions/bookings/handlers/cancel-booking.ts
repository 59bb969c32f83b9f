import { bookingsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { cancelBooking } from '../cancel-service.js';

export const handler = httpRoute(bookingsRoutes.cancelBooking, async ({ user, params, body }) => {
  // A linked learner's parent books, pays and asks for refunds (households/payer.ts).
  await requirePayer(user);
  return json(200, { booking: await cancelBooking(user, params.bookingId, body.reason) });
});
