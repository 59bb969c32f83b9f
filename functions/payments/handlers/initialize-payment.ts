import { paymentsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { initializePayment } from '../service.js';

export const handler = httpRoute(paymentsRoutes.initializePayment, async ({ user, body }) => {
  // A linked learner's parent books, pays and asks for refunds (households/payer.ts).
  await requirePayer(user);
  return json(200, await initializePayment(user, body.bookingId));
});
