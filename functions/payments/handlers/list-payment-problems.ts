import { routes } from '../../routes.js';
import { httpRoute, json, validationError } from '../../shared/http.js';
import { PaymentProblemsQuery } from '../problems.js';
import { listPaymentProblems } from '../problems-service.js';

export const handler = httpRoute(routes.listPaymentProblems, {}, async ({ query }) => {
  const parsed = PaymentProblemsQuery.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  if (!parsed.success) throw validationError(parsed.error);
  return json(200, await listPaymentProblems(parsed.data));
});
