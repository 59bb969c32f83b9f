import { plansRoutes } from '../routes.js';
import { requirePayer } from '../../households/payer.js';
import { httpRoute, json } from '../../shared/http.js';
import { createPlan } from '../setup-service.js';

export const handler = httpRoute(plansRoutes.createPlan, async ({ user, body }) => {
  // A linked learner's parent sets plans up and pays for them, as for single bookings (households/payer.ts).
  await requirePayer(user);
  return json(201, { plan: await createPlan(user, body) });
});
