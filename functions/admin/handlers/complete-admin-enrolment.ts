import { adminRoutes } from '../routes.js';
import { callerHasSecondFactor, httpRoute, json } from '../../shared/http.js';
import { completeAdminGrant } from '../grant-service.js';
import { toAdminUser } from '../service.js';

export const handler = httpRoute(adminRoutes.completeAdminEnrolment, async ({ user, body, event }) =>
  json(200, { user: toAdminUser(await completeAdminGrant(user.id, body.code, () => callerHasSecondFactor(user, event))) }));
