import { liveRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { joinLiveSession } from '../service.js';

export const handler = httpRoute(liveRoutes.joinLiveSession, async ({ user, language, params }) =>
  json(200, await joinLiveSession(user, params.bookingId, new Date(), language)));
