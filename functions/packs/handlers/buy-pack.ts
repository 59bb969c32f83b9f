import { packsRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { buyPack } from '../service.js';

export const handler = httpRoute(packsRoutes.buyPack, async ({ user, body }) => {
  // A linked learner's parent buys and pays (households/payer.ts).
  await requirePayer(user);
  return json(201, { pack: await buyPack(user, body) });
});
