import { reviewsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myReviews } from '../service.js';

export const handler = httpRoute(reviewsRoutes.listMyReviews, async ({ user }) => json(200, { reviews: await myReviews(user) }));
