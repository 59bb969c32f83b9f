import { bookingsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { createTrialBooking } from '../service.js';

export const handler = httpRoute(bookingsRoutes.createTrialBooking, async ({ user, body }) => {
  // A linked learner's parent books and pays, as for any lesson (households/payer.ts).
  await requirePayer(user);
  return json(201, { booking: await createTrialBooking(user, body) });
});
