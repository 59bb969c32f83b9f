import { reviewsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reviewMessages } from '../rules.js';
import { hideReview } from '../service.js';

export const handler = httpRoute(reviewsRoutes.hideReview, async ({ user, params, body }) => {
  await hideReview(user, params.bookingId, body.reason);
  return json(200, { message: reviewMessages.hidden });
});
