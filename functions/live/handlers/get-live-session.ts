import { liveRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { liveSessionFor } from '../service.js';

export const handler = httpRoute(liveRoutes.getLiveSession, async ({ user, params }) =>
  json(200, { session: await liveSessionFor(user, params.bookingId) }));
