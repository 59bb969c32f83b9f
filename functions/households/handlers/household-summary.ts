import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { householdSummary } from '../dashboard.js';

export const handler = httpRoute(householdsRoutes.householdSummary, async ({ user }) => json(200, await householdSummary(user)));
