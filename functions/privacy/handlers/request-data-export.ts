import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestExport } from '../service.js';

export const handler = httpRoute(privacyRoutes.requestDataExport, async ({ user }) => json(200, await requestExport(user)));
