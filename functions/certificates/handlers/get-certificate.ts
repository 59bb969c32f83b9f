import { certificatesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { verifyCertificate } from '../service.js';

// Not cached at the edge: a revocation must show at once.
export const handler = httpRoute(certificatesRoutes.getCertificate, async ({ params }) =>
  json(200, await verifyCertificate(params.code)));
