import { reviewsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reviewMessages } from '../rules.js';
import { replyToReview } from '../service.js';

export const handler = httpRoute(reviewsRoutes.replyToReview, async ({ user, params, body }) =>
  json(200, { review: await replyToReview(user, params.bookingId, body.text), message: reviewMessages.replied }));
