import { messagingRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { verifyWhatsAppSubscription } from '../delivery-service.js';

/** Meta compares the whole body with its challenge, so it goes back as plain text. */
export const handler = httpRoute(messagingRoutes.whatsAppWebhookVerify, async ({ query }) => ({
  statusCode: 200,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: await verifyWhatsAppSubscription(query['hub.verify_token'], query['hub.challenge']),
}));
