import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { moderationReports } from '../moderation-service.js';

export const handler = httpRoute(adminRoutes.moderationReports, async ({ query }) => json(200, await moderationReports(query)));
