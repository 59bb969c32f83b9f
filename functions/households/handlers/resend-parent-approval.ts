import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { resendApproval } from '../approval-service.js';

export const handler = httpRoute(householdsRoutes.resendParentApproval, async ({ user }) => json(200, await resendApproval(user)));
