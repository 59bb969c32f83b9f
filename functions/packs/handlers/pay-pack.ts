import { packsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { payPackByCard } from '../service.js';

export const handler = httpRoute(packsRoutes.payPack, async ({ user, params }) => {
  await requirePayer(user);
  return json(200, await payPackByCard(user, params.packId));
});
