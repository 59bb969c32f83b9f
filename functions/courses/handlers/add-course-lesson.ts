import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { addLesson } from '../service.js';

export const handler = httpRoute(coursesRoutes.addCourseLesson, async ({ user, params, body }) =>
  json(201, { course: await addLesson(user, params.courseId, body) }));
