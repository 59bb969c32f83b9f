import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { householdMessages } from '../rules.js';
import { updateLearner } from '../service.js';

export const handler = httpRoute(householdsRoutes.updateLearner, async ({ user, params, body }) =>
  json(200, { learner: await updateLearner(user, params.learnerId, body), message: householdMessages.updated }));
