import { aiRoutes } from '../routes.js';
import { ownerOf } from '../../households/learner-owner.js';
import { httpRoute } from '../../shared/http.js';
import { deleteConversation } from '../chat.js';

export const handler = httpRoute(aiRoutes.deleteConversation, async ({ user, params, query }) => {
  await deleteConversation((await ownerOf(user, query.learnerId)).ownerId, params.conversationId);
  return { statusCode: 204 };
});
