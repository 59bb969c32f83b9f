import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.getMyCourse, async ({ user, params }) =>
  json(200, { course: await myCourse(user, params.courseId) }));
