import { packsRoutes } from '../routes.js';
import { httpRoute } from '../../shared/http.js';
import { withdrawPack } from '../service.js';

export const handler = httpRoute(packsRoutes.withdrawPack, async ({ user, params }) => {
  await withdrawPack(user, params.offerId);
  return { statusCode: 204 };
});
