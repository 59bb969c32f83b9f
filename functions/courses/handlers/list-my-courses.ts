import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myCourses } from '../service.js';

export const handler = httpRoute(coursesRoutes.listMyCourses, async ({ user }) =>
  json(200, { courses: await myCourses(user) }));
