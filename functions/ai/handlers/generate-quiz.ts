import { aiRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { generateQuiz } from '../service.js';

export const handler = httpRoute(aiRoutes.generateQuiz, async ({ user, body }) => json(200, await generateQuiz(user.id, body)));
