import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { sendMessage } from '../service.js';

export const handler = httpRoute(conversationsRoutes.sendConversationMessage, async ({ user, params, body }) => {
  const { sent, notice } = await sendMessage(user, params.conversationId, body);
  return json(201, { sent, ...(notice ? { message: notice } : {}) });
});
