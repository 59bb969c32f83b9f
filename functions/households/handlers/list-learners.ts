import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listLearners } from '../service.js';

export const handler = httpRoute(householdsRoutes.listLearners, async ({ user }) => json(200, await listLearners(user)));
