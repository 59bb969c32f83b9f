import { coursesRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { payCourseByMpesa } from '../service.js';

export const handler = httpRoute(coursesRoutes.payForCourseByMpesa, async ({ user, params, query, body }) => {
  // A linked learner's parent books, pays and asks for refunds (households/payer.ts).
  await requirePayer(user);
  return json(200, await payCourseByMpesa(user, params.courseId, body, query.learnerId));
});
