import { disputesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { disputeMessages } from '../rules.js';
import { reportProblem } from '../service.js';

export const handler = httpRoute(disputesRoutes.reportProblem, async ({ user, params, body }) =>
  json(201, { dispute: await reportProblem(user, params.bookingId, body), message: disputeMessages.reported }));
