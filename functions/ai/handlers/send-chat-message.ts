import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { sendChatMessage } from '../chat.js';
import { aiCaller, defaultDeps } from '../service.js';

export const handler = httpRoute(aiRoutes.sendChatMessage, async ({ user, body, event }) =>
  json(200, await sendChatMessage(user.id, body, defaultDeps(), await aiCaller(user.id, clientIp(event.headers, event.requestContext.http.sourceIp)))));
