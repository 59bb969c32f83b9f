import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { aiCaller, defaultDeps, generateQuiz } from '../service.js';

export const handler = httpRoute(aiRoutes.generateQuiz, async ({ user, body, event }) =>
  json(200, await generateQuiz(user.id, body, defaultDeps(), await aiCaller(user.id, clientIp(event.headers, event.requestContext.http.sourceIp)))));
