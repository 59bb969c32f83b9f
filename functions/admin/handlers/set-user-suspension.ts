import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { setUserSuspended } from '../moderation-service.js';

export const handler = httpRoute(adminRoutes.setUserSuspension, async ({ user, params, body }) =>
  json(200, await setUserSuspended(user, params.userId, body)));
