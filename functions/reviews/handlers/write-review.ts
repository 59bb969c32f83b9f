import { reviewsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reviewMessages } from '../rules.js';
import { writeReview } from '../service.js';

export const handler = httpRoute(reviewsRoutes.writeReview, async ({ user, params, body }) =>
  json(201, { review: await writeReview(user, params.bookingId, body), message: reviewMessages.created }));
