import { kycRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { kycDocumentFile } from '../service.js';

export const handler = httpRoute(kycRoutes.getKycDocumentFile, async ({ params }) =>
  json(200, await kycDocumentFile(params.documentId)));
