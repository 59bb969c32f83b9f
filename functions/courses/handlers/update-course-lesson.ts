import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { updateLesson } from '../service.js';

export const handler = httpRoute(coursesRoutes.updateCourseLesson, async ({ user, params, body }) =>
  json(200, { course: await updateLesson(user, params.courseId, params.lessonId, body) }));
