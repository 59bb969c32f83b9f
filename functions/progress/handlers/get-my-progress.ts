import { progressRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myProgress } from '../service.js';

export const handler = httpRoute(progressRoutes.getMyProgress, async ({ user, query }) => json(200, await myProgress(user, query.learnerId)));
