import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { readLearner } from '../service.js';

export const handler = httpRoute(privacyRoutes.adminReadLearner, async ({ user, params }) => json(200, await readLearner(user, params.parentId, params.learnerId)));
