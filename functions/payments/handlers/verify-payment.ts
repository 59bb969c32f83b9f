import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { verifyPayment } from '../service.js';

export const handler = httpRoute(paymentsRoutes.verifyPayment, async ({ user, body }) =>
  json(200, await verifyPayment(user, body.reference)));
