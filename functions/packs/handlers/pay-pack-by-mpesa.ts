import { packsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { payPackByMpesa } from '../service.js';

export const handler = httpRoute(packsRoutes.payPackByMpesa, async ({ user, params, body }) => {
  await requirePayer(user);
  return json(200, await payPackByMpesa(user, params.packId, body));
});
