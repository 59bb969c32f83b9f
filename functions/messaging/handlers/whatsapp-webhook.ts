import { messagingRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { recordWhatsAppStatuses } from '../delivery-service.js';

/** Public route: trust comes only from the signature over the exact raw body. */
export const handler = httpRoute(messagingRoutes.whatsAppWebhook, async ({ event }) => {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const counts = await recordWhatsAppStatuses(raw, event.headers['x-hub-signature-256']);
  return json(200, { received: true, ...counts });
});
