import { refundTaughtLessonAsAdmin } from '../../disputes/service.js';
import { paymentsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { refundMessages, refundTransactionAsAdmin } from '../refund-service.js';

export const handler = httpRoute(paymentsRoutes.refundTransaction, async ({ user, params, body }) => {
  // A lesson already taught is refunded as a dispute decided at once (functions/disputes), so it has a record.
  const refund = (await refundTaughtLessonAsAdmin(user, params.reference, body.reason)) ?? await refundTransactionAsAdmin(user, params.reference, body.reason);
  return json(200, { message: refundMessages.requested, refund: { status: refund.status, requestedAt: refund.requestedAt } });
});
