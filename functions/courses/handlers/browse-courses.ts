import { coursesRoutes } from '../routes.js';
import { CACHE_PUBLIC_BRIEFLY, httpRoute, json } from '../../shared/http.js';
import type { CatalogueResponse } from '../contract.js';
import { catalogue } from '../service.js';

export const handler = httpRoute(coursesRoutes.browseCourses, async ({ query }) => {
  const { courses, nextCursor } = await catalogue(query);
  const body: CatalogueResponse = { courses, ...(nextCursor ? { nextCursor } : {}) };
  return json(200, body, { 'cache-control': CACHE_PUBLIC_BRIEFLY });
});
