import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { startConversation } from '../service.js';

export const handler = httpRoute(conversationsRoutes.startConversation, async ({ user, body }) => {
  const { conversation, created } = await startConversation(user, body);
  return json(created ? 201 : 200, { conversation });
});
