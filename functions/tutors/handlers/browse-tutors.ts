import { tutorsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import type { BrowseResponse } from '../contract.js';
import { browseTutors } from '../listing-service.js';

export const handler = httpRoute(tutorsRoutes.browseTutors, async ({ query }) => {
  const { tutors, nextCursor } = await browseTutors(query);
  const body: BrowseResponse = { tutors, ...(nextCursor ? { nextCursor } : {}) };
  // Public and the same for everyone: let browsers and CDNs reuse it briefly.
  return json(200, body, { 'cache-control': 'public, max-age=30' });
});
