import { messagingRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { receiveIncomingSms } from '../delivery-service.js';

/** Public route: trust comes only from the secret token in the path. */
export const handler = httpRoute(messagingRoutes.africasTalkingIncomingSms, async ({ event, params }) => {
  const raw = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : event.body ?? '';
  const outcome = await receiveIncomingSms(params.token, raw, event.headers['content-type']);
  return json(200, { received: true, outcome });
});
