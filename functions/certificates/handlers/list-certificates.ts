import { certificatesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { adminCertificates } from '../service.js';

export const handler = httpRoute(certificatesRoutes.listCertificates, async ({ query }) => json(200, await adminCertificates(query)));
