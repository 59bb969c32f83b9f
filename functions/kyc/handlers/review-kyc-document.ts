import { kycRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { reviewKycDocument } from '../service.js';

export const handler = httpRoute(kycRoutes.reviewKycDocument, async ({ user, params, body }) =>
  json(200, await reviewKycDocument(user, params.documentId, body)));
