import { VerifyPaymentRequest } from '../../bookings/contract.js';
import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { verifyPayment } from '../service.js';

export const handler = httpRoute(routes.verifyPayment, { body: VerifyPaymentRequest }, async ({ user, body }) =>
  json(200, await verifyPayment(user, body.reference)));
