import { InitializePaymentRequest } from '../../bookings/contract.js';
import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { initializePayment } from '../service.js';

export const handler = httpRoute(routes.initializePayment, { body: InitializePaymentRequest }, async ({ user, body }) =>
  json(200, await initializePayment(user, body.bookingId)));
