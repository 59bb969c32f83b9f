import { householdsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { householdMessages } from '../rules.js';
import { addLearner } from '../service.js';

/** 201 when added; 200 with the same learner when the request was made before (a retry). */
export const handler = httpRoute(householdsRoutes.addLearner, async ({ user, body }) => {
  const { learner, added } = await addLearner(user, body);
  return json(added ? 201 : 200, { learner, message: householdMessages.added });
});
