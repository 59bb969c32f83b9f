import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { initializePayment } from '../service.js';

export const handler = httpRoute(paymentsRoutes.initializePayment, async ({ user, body }) =>
  json(200, await initializePayment(user, body.bookingId)));
