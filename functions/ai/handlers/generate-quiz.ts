import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { aiCaller, defaultDeps, generateQuiz, levelForLearner } from '../service.js';

export const handler = httpRoute(aiRoutes.generateQuiz, async ({ user, body, event }) => {
  const level = await levelForLearner(user, body.learnerId);
  const caller = await aiCaller(user.id, clientIp(event.headers, event.requestContext.http.sourceIp));
  return json(200, await generateQuiz(user.id, body, defaultDeps(), caller, level));
});
