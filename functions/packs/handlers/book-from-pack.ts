import { packsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { bookFromPack } from '../service.js';

export const handler = httpRoute(packsRoutes.bookFromPack, async ({ user, params, body }) => {
  await requirePayer(user);
  return json(201, { booking: await bookFromPack(user, params.packId, body) });
});
