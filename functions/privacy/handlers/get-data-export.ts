import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { exportStatus } from '../service.js';

export const handler = httpRoute(privacyRoutes.getDataExport, async ({ user }) => json(200, await exportStatus(user)));
