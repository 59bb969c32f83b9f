import { httpRoute } from '../../shared/http.js';
import { rumRoutes } from '../routes.js';
import { recordBeacon } from '../service.js';

export const handler = httpRoute(rumRoutes.recordRum, async ({ body, event }) => {
  recordBeacon(body, Buffer.byteLength(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8'));
  return { statusCode: 204 };
});
