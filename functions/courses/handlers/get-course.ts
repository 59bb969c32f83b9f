import { coursesRoutes } from '../routes.js';
import { CACHE_PUBLIC_BRIEFLY, httpRoute, json } from '../../shared/http.js';
import { courseDetail } from '../service.js';

export const handler = httpRoute(coursesRoutes.getCourse, async ({ params }) =>
  json(200, await courseDetail(params.courseId), { 'cache-control': CACHE_PUBLIC_BRIEFLY }));
