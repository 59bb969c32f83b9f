import { coursesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { markLessonDone } from '../service.js';

export const handler = httpRoute(coursesRoutes.markCourseLessonDone, async ({ user, params, query }) =>
  json(200, { progress: await markLessonDone(user, params.courseId, params.lessonId, query.learnerId) }));
