import { adminRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { readReportedConversation } from '../moderation-service.js';

export const handler = httpRoute(adminRoutes.moderationThread, async ({ user, params, query }) =>
  json(200, await readReportedConversation(user, params.conversationId, query)));
