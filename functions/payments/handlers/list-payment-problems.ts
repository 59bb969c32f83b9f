import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listPaymentProblems } from '../problems-service.js';

export const handler = httpRoute(paymentsRoutes.listPaymentProblems, async ({ query, language }) => json(200, await listPaymentProblems(query, language)));
