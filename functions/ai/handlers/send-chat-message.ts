import { aiRoutes } from '../routes.js';
import { ownerOf } from '../../households/learner-owner.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { sendChatMessage } from '../chat.js';
import { learnerLevel } from '../learner-level.js';
import { aiCaller, defaultDeps } from '../service.js';

export const handler = httpRoute(aiRoutes.sendChatMessage, async ({ user, body, event }) => {
  // One read of the learner: whose thread it is, and the grade it is answered at.
  const { ownerId, learner } = await ownerOf(user, body.learnerId);
  const level = learner ? learnerLevel(learner.grade) : undefined;
  const caller = await aiCaller(user.id, clientIp(event.headers, event.requestContext.http.sourceIp));
  return json(200, await sendChatMessage(user.id, body, defaultDeps(), caller, ownerId, level));
});
