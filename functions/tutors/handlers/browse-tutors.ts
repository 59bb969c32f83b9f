import { tutorsRoutes } from '../routes.js';
import { CACHE_PUBLIC_BRIEFLY, httpRoute, json } from '../../shared/http.js';
import type { BrowseResponse } from '../contract.js';
import { browseTutors } from '../listing-service.js';

export const handler = httpRoute(tutorsRoutes.browseTutors, async ({ query }) => {
  const { tutors, nextCursor } = await browseTutors(query);
  const body: BrowseResponse = { tutors, ...(nextCursor ? { nextCursor } : {}) };
  return json(200, body, { 'cache-control': CACHE_PUBLIC_BRIEFLY });
});
