import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listConversations } from '../chat.js';

export const handler = httpRoute(aiRoutes.listConversations, async ({ user }) => json(200, await listConversations(user.id)));
