import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestLearnerDeletion } from '../service.js';

export const handler = httpRoute(privacyRoutes.deleteLearnerData, async ({ user, body }) => json(200, await requestLearnerDeletion(user, body.learnerId)));
