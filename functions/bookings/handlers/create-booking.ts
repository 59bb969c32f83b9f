import { bookingsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { createBooking } from '../service.js';

export const handler = httpRoute(bookingsRoutes.createBooking, async ({ user, body }) => {
  // A linked learner's parent books, pays and asks for refunds (households/payer.ts).
  await requirePayer(user);
  return json(201, { booking: await createBooking(user, body) });
});
