import { aiRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { deleteConversation } from '../chat.js';

export const handler = httpRoute(aiRoutes.deleteConversation, async ({ user, params }) => {
  await deleteConversation(user.id, params.conversationId);
  return { statusCode: 204 };
});
