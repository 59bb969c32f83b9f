import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { conversationMessages } from '../rules.js';
import { report } from '../service.js';

export const handler = httpRoute(conversationsRoutes.reportConversation, async ({ user, params, body }) => {
  await report(user, params.conversationId, body.reason);
  return json(200, { message: conversationMessages.reported });
});
