import { liveRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { createLiveSession } from '../service.js';

export const handler = httpRoute(liveRoutes.createLiveSession, async ({ user, language, params, body }) =>
  json(200, { session: await createLiveSession(user, params.bookingId, body, new Date(), language) }));
