import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { unpublishCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.unpublishCourse, async ({ user, params }) =>
  json(200, { course: await unpublishCourse(user, params.courseId) }));
