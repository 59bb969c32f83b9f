import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { decline } from '../approval-service.js';

export const handler = httpRoute(householdsRoutes.declineParentApproval, async ({ body }) => json(200, await decline(body)));
