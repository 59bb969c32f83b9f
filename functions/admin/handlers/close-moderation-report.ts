import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { closeReport } from '../moderation-service.js';

export const handler = httpRoute(adminRoutes.closeModerationReport, async ({ user, params }) => json(200, await closeReport(user, params.conversationId)));
