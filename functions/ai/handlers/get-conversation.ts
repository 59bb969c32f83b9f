import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { getConversation } from '../chat.js';

export const handler = httpRoute(aiRoutes.getConversation, async ({ user, params }) => json(200, await getConversation(user.id, params.conversationId)));
