import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { approve } from '../approval-service.js';

export const handler = httpRoute(householdsRoutes.approveParentApproval, async ({ user, body }) => json(200, await approve(user, body)));
