import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { publishCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.publishCourse, async ({ user, params }) =>
  json(200, { course: await publishCourse(user, params.courseId) }));
