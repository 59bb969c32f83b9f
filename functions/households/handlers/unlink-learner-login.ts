import { householdsRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { unlinkLearnerLogin } from '../logins-service.js';

export const handler = httpRoute(householdsRoutes.unlinkLearnerLogin, async ({ user, params }) => {
  await unlinkLearnerLogin(user, params.learnerId);
  return { statusCode: 204 };
});
