import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { deleteLesson } from '../service.js';

export const handler = httpRoute(coursesRoutes.deleteCourseLesson, async ({ user, params }) =>
  json(200, { course: await deleteLesson(user, params.courseId, params.lessonId) }));
