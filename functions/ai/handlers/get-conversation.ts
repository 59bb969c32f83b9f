import { aiRoutes } from '../routes.js';
import { ownerOf } from '../../households/learner-owner.js';
import { httpRoute, json } from '../../shared/http.js';
import { getConversation } from '../chat.js';

export const handler = httpRoute(aiRoutes.getConversation, async ({ user, params, query }) =>
  json(200, await getConversation((await ownerOf(user, query.learnerId)).ownerId, params.conversationId)));
