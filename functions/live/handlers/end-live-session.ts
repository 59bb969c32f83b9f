import { liveRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { endLiveSession } from '../service.js';

export const handler = httpRoute(liveRoutes.endLiveSession, async ({ user, language, params }) =>
  json(200, { session: await endLiveSession(user, params.bookingId, new Date(), language) }));
