import { conversationsRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { markRead } from '../service.js';

export const handler = httpRoute(conversationsRoutes.markConversationRead, async ({ user, params }) => {
  await markRead(user, params.conversationId);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
});
