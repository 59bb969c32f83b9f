import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { enrol } from '../service.js';

export const handler = httpRoute(coursesRoutes.enrolInCourse, async ({ user, params, query }) =>
  json(200, await enrol(user, params.courseId, query.learnerId)));
