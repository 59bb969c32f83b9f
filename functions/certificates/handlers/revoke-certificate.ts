import { certificatesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { revokeCertificate } from '../service.js';

export const handler = httpRoute(certificatesRoutes.revokeCertificate, async ({ user, params, body }) =>
  json(200, { certificate: await revokeCertificate(user, params.code, body.reason) }));
