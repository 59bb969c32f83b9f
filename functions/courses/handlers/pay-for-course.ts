import { coursesRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { payCourse } from '../service.js';

export const handler = httpRoute(coursesRoutes.payForCourse, async ({ user, params, query }) => {
  // A linked learner's parent books, pays and asks for refunds (households/payer.ts).
  await requirePayer(user);
  return json(200, await payCourse(user, params.courseId, query.learnerId));
});
