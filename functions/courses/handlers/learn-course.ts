import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { learn } from '../service.js';

export const handler = httpRoute(coursesRoutes.learnCourse, async ({ user, params, query }) =>
  json(200, await learn(user, params.courseId, query.learnerId)));
