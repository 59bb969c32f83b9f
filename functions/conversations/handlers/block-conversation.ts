import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { setBlocked } from '../service.js';

export const handler = httpRoute(conversationsRoutes.blockConversation, async ({ user, params, body }) =>
  json(200, { conversation: await setBlocked(user, params.conversationId, body.blocked) }));
