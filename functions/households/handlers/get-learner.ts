import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { getLearner } from '../service.js';

export const handler = httpRoute(householdsRoutes.getLearner, async ({ user, params }) => json(200, { learner: await getLearner(user, params.learnerId) }));
