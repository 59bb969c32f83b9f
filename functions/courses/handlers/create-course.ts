import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { createCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.createCourse, async ({ user, body }) =>
  json(201, { course: await createCourse(user, body) }));
