import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestCourseUpload } from '../service.js';

export const handler = httpRoute(coursesRoutes.createCourseUpload, async ({ user, body }) =>
  json(201, await requestCourseUpload(user, body)));
