import { privacyRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { latestAudits } from '../service.js';

export const handler = httpRoute(privacyRoutes.adminPrivacyAudit, async () => json(200, await latestAudits()));
