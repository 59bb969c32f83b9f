import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { requestAttachmentUpload } from '../service.js';

export const handler = httpRoute(conversationsRoutes.createConversationAttachmentUpload, async ({ user, params, body }) =>
  json(201, await requestAttachmentUpload(user, params.conversationId, body)));
