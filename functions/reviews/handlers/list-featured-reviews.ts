import { reviewsRoutes } from '../routes.js';
import { CACHE_PUBLIC_BRIEFLY, httpRoute, json } from '../../shared/http.js';
import { homePageReviews } from '../service.js';

// The same answer for every visitor: the CDN keeps it briefly, so the home page costs one Query per 30 s.
export const handler = httpRoute(reviewsRoutes.listFeaturedReviews, async () =>
  json(200, await homePageReviews(), { 'cache-control': CACHE_PUBLIC_BRIEFLY }));
