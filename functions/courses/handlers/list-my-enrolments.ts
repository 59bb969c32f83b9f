import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myEnrolments } from '../service.js';

export const handler = httpRoute(coursesRoutes.listMyEnrolments, async ({ user, query }) =>
  json(200, await myEnrolments(user, query.learnerId)));
