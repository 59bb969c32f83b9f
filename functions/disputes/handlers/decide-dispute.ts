import { disputesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { disputeMessages } from '../rules.js';
import { decideDispute } from '../service.js';

export const handler = httpRoute(disputesRoutes.decideDispute, async ({ user, params, body }) =>
  json(200, { dispute: await decideDispute(user, params.bookingId, body), message: disputeMessages.decided }));
