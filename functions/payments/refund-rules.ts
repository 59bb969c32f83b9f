/**
 * When a payment may be refunded (pure, unit-tested): the one rule the refund service applies and
 * the transactions list shows (`refundable`), so the Refund button is offered exactly where the
 * refund would be asked.
 */
import type { PaymentAttemptStatus, RefundStatus } from './keys.js';
import type { PaystackRefundWebhook } from './provider.js';

/** Money was taken only for these: a confirmed payment, or one nothing could use (a duplicate, a lost hold). */
const REFUNDABLE_PAYMENT_STATUSES: readonly string[] = ['success', 'needs_refund', 'duplicate'] satisfies PaymentAttemptStatus[];

/** `status`: the payment attempt's, or a listed transaction's (success). */
export const isRefundablePayment = (payment: { status: string }): boolean => REFUNDABLE_PAYMENT_STATUSES.includes(payment.status);

/** No refund yet, or one the provider refused (asked again): a refund requested, pending or processed is not asked twice. */
export const canAskRefund = (refund: { status: RefundStatus } | null | undefined): boolean => !refund || refund.status === 'failed';

/** Whether a super admin's Refund of this payment would be asked of the provider now. */
export const isRefundable = (payment: { status: string }, refund?: { status: RefundStatus } | null): boolean =>
  isRefundablePayment(payment) && canAskRefund(refund);

/** What each refund.* webhook reports, for a refund of a whole payment or of one lesson (needs-attention moves nothing). */
export const REPORTED_REFUND_STATUS: Record<PaystackRefundWebhook['event'], Exclude<RefundStatus, 'requested'> | null> = {
  'refund.pending': 'pending',
  'refund.processing': 'pending',
  'refund.processed': 'processed',
  'refund.failed': 'failed',
  'refund.needs-attention': null,
};

/** Which states a report may move a refund from: processed is final, failed only to processed. */
export const REFUND_MOVES_FROM: Record<Exclude<RefundStatus, 'requested'>, RefundStatus[]> = {
  pending: ['requested'],
  failed: ['requested', 'pending'],
  processed: ['requested', 'pending', 'failed'],
};
