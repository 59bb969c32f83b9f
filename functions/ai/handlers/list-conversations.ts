import { aiRoutes } from '../routes.js';
import { ownerOf } from '../../households/learner-owner.js';
import { httpRoute, json } from '../../shared/http.js';
import { listConversations } from '../chat.js';

export const handler = httpRoute(aiRoutes.listConversations, async ({ user, query }) =>
  json(200, await listConversations((await ownerOf(user, query.learnerId)).ownerId)));
