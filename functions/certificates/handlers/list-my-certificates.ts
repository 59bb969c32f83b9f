import { certificatesRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myCertificates } from '../service.js';

export const handler = httpRoute(certificatesRoutes.listMyCertificates, async ({ user, query }) => json(200, await myCertificates(user, query.learnerId)));
