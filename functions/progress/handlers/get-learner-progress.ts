import { progressRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { learnerProgress } from '../learner-summary.js';

export const handler = httpRoute(progressRoutes.getLearnerProgress, async ({ user, params }) => json(200, await learnerProgress(user, params.learnerId)));
