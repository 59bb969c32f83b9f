import { plansRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { payInstalment } from '../payment-service.js';

export const handler = httpRoute(plansRoutes.payPlanInstalment, async ({ user, params }) => {
  // A linked learner's parent books and pays (households/payer.ts).
  await requirePayer(user);
  return json(200, await payInstalment(user, params.planId, params.n));
});
