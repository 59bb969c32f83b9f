import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { updateCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.updateCourse, async ({ user, params, body }) =>
  json(200, { course: await updateCourse(user, params.courseId, body) }));
