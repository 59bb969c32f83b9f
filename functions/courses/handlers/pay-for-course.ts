import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { payCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.payForCourse, async ({ user, params, query }) =>
  json(200, await payCourse(user, params.courseId, query.learnerId)));
