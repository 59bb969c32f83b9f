import { householdsRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
// Removing a child erases the child's data too (privacy's job), never only the record.
import { requestLearnerDeletion } from '../../privacy/service.js';

export const handler = httpRoute(householdsRoutes.removeLearner, async ({ user, params }) => {
  await requestLearnerDeletion(user, params.learnerId);
  return { statusCode: 204 };
});
