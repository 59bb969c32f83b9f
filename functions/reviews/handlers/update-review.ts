import { reviewsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reviewMessages } from '../rules.js';
import { updateReview } from '../service.js';

export const handler = httpRoute(reviewsRoutes.updateReview, async ({ user, params, body }) =>
  json(200, { review: await updateReview(user, params.bookingId, body), message: reviewMessages.updated }));
