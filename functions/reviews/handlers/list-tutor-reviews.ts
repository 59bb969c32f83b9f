import { reviewsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listTutorReviews } from '../service.js';

export const handler = httpRoute(reviewsRoutes.listTutorReviews, async ({ params, query }) =>
  json(200, await listTutorReviews(params.tutorId, query)));
