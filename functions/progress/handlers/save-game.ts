import { progressRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { saveGame } from '../service.js';

export const handler = httpRoute(progressRoutes.saveGame, async ({ user, body }) => {
  const { game, created } = await saveGame(user, body);
  return json(created ? 201 : 200, game);
});
