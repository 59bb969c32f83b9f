import { householdsRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { removeLearner } from '../service.js';

export const handler = httpRoute(householdsRoutes.removeLearner, async ({ user, params }) => {
  await removeLearner(user, params.learnerId);
  return { statusCode: 204 };
});
