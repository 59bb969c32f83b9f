import { liveRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { liveSessionFor } from '../service.js';

export const handler = httpRoute(liveRoutes.getLiveSession, async ({ user, language, params }) =>
  json(200, { session: await liveSessionFor(user, params.bookingId, new Date(), language) }));
