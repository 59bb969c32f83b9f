import { aiRoutes } from '../routes.js';
import { ownerOf } from '../../households/learner-owner.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { sendChatMessage } from '../chat.js';
import { aiCaller, defaultDeps, levelForLearner } from '../service.js';

export const handler = httpRoute(aiRoutes.sendChatMessage, async ({ user, body, event }) => {
  const { ownerId } = await ownerOf(user, body.learnerId);
  const level = await levelForLearner(user, body.learnerId);
  const caller = await aiCaller(user.id, clientIp(event.headers, event.requestContext.http.sourceIp));
  return json(200, await sendChatMessage(user.id, body, defaultDeps(), caller, ownerId, level));
});
