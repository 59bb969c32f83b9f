import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { householdMessages } from '../rules.js';
import { addLearner } from '../service.js';

export const handler = httpRoute(householdsRoutes.addLearner, async ({ user, body }) =>
  json(201, { learner: await addLearner(user, body), message: householdMessages.added }));
