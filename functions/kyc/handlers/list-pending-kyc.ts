import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { pendingKycDocuments } from '../service.js';

export const handler = httpRoute(routes.listPendingKyc, {}, async ({ query }) => {
  const limit = Math.min(Math.max(Number(query.limit) || 50, 1), 100);
  return json(200, { documents: await pendingKycDocuments(limit) });
});
