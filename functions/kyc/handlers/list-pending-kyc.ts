import { kycRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { pendingKycDocuments } from '../service.js';

export const handler = httpRoute(kycRoutes.listPendingKyc, async ({ query }) =>
  json(200, { documents: await pendingKycDocuments(query.limit) }));
