import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { sendChatMessage } from '../chat.js';

export const handler = httpRoute(aiRoutes.sendChatMessage, async ({ user, body }) => json(200, await sendChatMessage(user.id, body)));
