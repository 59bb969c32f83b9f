import { plansRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { payInstalmentByMpesa } from '../payment-service.js';

export const handler = httpRoute(plansRoutes.payPlanInstalmentByMpesa, async ({ user, params, body }) => {
  // A linked learner's parent books and pays (households/payer.ts).
  await requirePayer(user);
  return json(200, await payInstalmentByMpesa(user, params.planId, params.n, body));
});
