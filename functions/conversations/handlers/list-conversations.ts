import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listConversations } from '../service.js';

export const handler = httpRoute(conversationsRoutes.listInboxConversations, async ({ user, query }) => json(200, await listConversations(user, query)));
