import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { viewApproval } from '../approval-service.js';

export const handler = httpRoute(householdsRoutes.viewParentApproval, async ({ body }) => json(200, await viewApproval(body)));
