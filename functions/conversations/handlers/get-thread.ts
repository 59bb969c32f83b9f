import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { thread } from '../service.js';

export const handler = httpRoute(conversationsRoutes.getConversationThread, async ({ user, params, query }) => json(200, await thread(user, params.conversationId, query)));
