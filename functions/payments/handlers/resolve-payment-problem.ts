import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { paymentProblemMessages } from '../problems.js';
import { resolvePaymentProblem } from '../problems-service.js';

export const handler = httpRoute(paymentsRoutes.resolvePaymentProblem, async ({ user, params, body }) => {
  await resolvePaymentProblem(user, params.reference, body.note);
  return json(200, { message: paymentProblemMessages.resolved });
});
