import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { handlePaystackWebhook } from '../service.js';

/** Public route: trust comes only from the signature over the exact raw body. */
export const handler = httpRoute(paymentsRoutes.paystackWebhook, async ({ event }) => {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const outcome = await handlePaystackWebhook(raw, event.headers['x-paystack-signature']);
  return json(200, { received: true, outcome });
});
