import { routes } from '../../routes.js';
import { httpRoute, json, validationError } from '../../shared/http.js';
import { BrowseQuery, type BrowseResponse } from '../contract.js';
import { browseTutors } from '../listing-service.js';

export const handler = httpRoute(routes.browseTutors, {}, async ({ query }) => {
  const parsed = BrowseQuery.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  if (!parsed.success) throw validationError(parsed.error);
  const { tutors, nextCursor } = await browseTutors(parsed.data);
  const body: BrowseResponse = { tutors, ...(nextCursor ? { nextCursor } : {}) };
  // Public and the same for everyone: let browsers and CDNs reuse it briefly.
  return json(200, body, { 'cache-control': 'public, max-age=30' });
});
