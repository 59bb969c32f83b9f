import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { refundMessages, refundTransactionAsAdmin } from '../refund-service.js';

export const handler = httpRoute(paymentsRoutes.refundTransaction, async ({ user, params, body }) => {
  const refund = await refundTransactionAsAdmin(user, params.reference, body.reason);
  return json(200, { message: refundMessages.requested, refund: { status: refund.status, requestedAt: refund.requestedAt } });
});
