import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reorderLessons } from '../service.js';

export const handler = httpRoute(coursesRoutes.reorderCourseLessons, async ({ user, params, body }) =>
  json(200, { course: await reorderLessons(user, params.courseId, body.lessonIds) }));
