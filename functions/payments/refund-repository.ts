/**
 * Refunds in the single table (keys in keys.ts). One refund per payment: asking again while one
 * is under way changes nothing (only a failed one may be asked again). The refund, the booking's
 * view of it, the transaction list's view and the audit record are written in one transaction,
 * with what the refund ends: an upcoming lesson's booking and hours (bookings' refund-cancel.ts),
 * or a course enrolment (courses' keys.ts); so is the provider's "processed", with revenue and
 * the tutor's earnings taken back.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addToPlatformCounters, addToWeeklyCounters } from '../admin/keys.js';
import { bookingRefundRequestedUpdate, bookingRefundStatusUpdate, refundDueKey } from '../bookings/keys.js';
import { refundCancelItems, type RefundCancel } from '../bookings/refund-cancel.js';
import { refundedCourseRevenueUpdate, refundedEnrolmentCourseUpdate, refundedEnrolmentDelete } from '../courses/keys.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { transactWrite } from '../shared/transact.js';
import { REFUND_MOVES_FROM } from './refund-rules.js';
import { OPEN_PROBLEMS_PARTITION, paymentAuditKey, refundKey, RefundRecord, transactionKey, tutorEarningsKey, type RefundStatus } from './keys.js';

export async function getRefund(reference: string): Promise<RefundRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: refundKey(reference) }));
  return out.Item ? RefundRecord.parse(out.Item) : null;
}

const bookingRefund = (refund: RefundRecord) => ({
  status: refund.status === 'requested' ? 'pending' as const : refund.status, amountMinor: refund.amountMinor, requestedAt: refund.requestedAt,
  ...(refund.processedAt ? { processedAt: refund.processedAt } : {}),
});

/** The transaction list's copy of the refund (only payments that confirmed a booking are listed). */
const transactionRefundUpdate = (refund: RefundRecord, extra: string[] = [], values: Record<string, unknown> = {}) => ({
  Key: transactionKey(refund.reference),
  UpdateExpression: `SET refund = :r${extra.length ? `, ${extra.join(', ')}` : ''}`,
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: {
    ':r': { status: refund.status, by: refund.by, reason: refund.reason, requestedAt: refund.requestedAt, ...(refund.processedAt ? { processedAt: refund.processedAt } : {}) },
    ...values,
  },
});

/**
 * Records the request before the provider is asked, with the lesson it cancels (`cancel`) or the
 * enrolment it ends (`refund.endsEnrolment`). False when nothing was written: a refund of this
 * payment is already requested, pending or processed (a second click, a replay, two admins at
 * once), or the booking or enrolment changed since it was read (the caller reads again).
 */
export async function recordRefundRequest(refund: RefundRecord, cancel?: RefundCancel | null): Promise<boolean> {
  const TableName = config.tableName;
  const booking = !refund.forBooking || !refund.bookingId ? []
    : cancel ? refundCancelItems(cancel, bookingRefund(refund)).map((item) => ('Update' in item ? { Update: { TableName, ...item.Update } } : { Delete: { TableName, ...item.Delete } }))
      : [{ Update: { TableName, ...bookingRefundRequestedUpdate(refund.bookingId, bookingRefund(refund)) } }];
  const enrolment = refund.endsEnrolment && refund.courseId ? [
    { Delete: { TableName, ...refundedEnrolmentDelete(refund.courseId, refund.learnerId ?? refund.studentId, refund.reference) } },
    { Update: { TableName, ...refundedEnrolmentCourseUpdate(refund.courseId) } },
  ] : [];
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName, Item: { ...refundKey(refund.reference), entity: 'Refund', ...refund },
            ConditionExpression: 'attribute_not_exists(pk) OR #s = :failed',
            ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':failed': 'failed' },
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: {
              ...paymentAuditKey(refund.reference, refund.requestedAt), entity: 'PaymentAudit',
              action: 'refund_requested', by: refund.by, note: refund.reason, at: refund.requestedAt, amountMinor: refund.amountMinor,
            },
          },
        },
        ...booking, ...enrolment,
        ...(refund.countedInRevenue ? [{ Update: { TableName: config.tableName, ...transactionRefundUpdate(refund) } }] : []),
        // The refund a cancel made due is now recorded: the refunds-due job need not ask it (if there is one).
        ...(refund.bookingId ? [{ Delete: { TableName: config.tableName, Key: refundDueKey(refund.bookingId, refund.reference) } }] : []),
      ],
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

/**
 * Moves the refund to `status` if that is forward (see REFUND_MOVES_FROM), with the booking, the
 * transaction list and, once processed, revenue and earnings in the same transaction. Returns the
 * refund as now stored, or null when the report changed nothing (a replay or an older report).
 */
export async function advanceRefund(
  refund: RefundRecord, status: Exclude<RefundStatus, 'requested'>, at: string, failureMessage?: string,
): Promise<RefundRecord | null> {
  const next: RefundRecord = {
    ...refund, status,
    ...(status === 'processed' ? { processedAt: at, announced: false } : {}),
    ...(failureMessage ? { failureMessage } : {}),
  };
  const from = REFUND_MOVES_FROM[status];
  const takeBack = status === 'processed' && refund.countedInRevenue;
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: refundKey(refund.reference),
            // A failed refund is a problem payment until it is asked again (the request's Put
            // replaces the item) or processed after all.
            UpdateExpression: `SET #s = :s${status === 'processed' ? ', processedAt = :at' : ''}${failureMessage ? ', failureMessage = :why' : ''}`
              + (status === 'failed' ? ', failedAt = :at, gsi1pk = :problems, gsi1sk = :problemSk' : status === 'processed' ? ', announced = :no REMOVE gsi1pk, gsi1sk' : ''),
            ConditionExpression: `#s IN (${from.map((_, i) => `:from${i}`).join(', ')})`,
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':s': status, ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
              ...(status === 'processed' || status === 'failed' ? { ':at': at } : {}), ...(failureMessage ? { ':why': failureMessage } : {}),
              ...(status === 'failed' ? { ':problems': OPEN_PROBLEMS_PARTITION, ':problemSk': `${at}#${refund.reference}` } : {}),
              ...(status === 'processed' ? { ':no': false } : {}),
            },
          },
        },
        ...(refund.forBooking && refund.bookingId ? [{ Update: { TableName: config.tableName, ...bookingRefundStatusUpdate(refund.bookingId, status, at) } }] : []),
        ...(refund.countedInRevenue ? [{ Update: { TableName: config.tableName, ...transactionRefundUpdate(next) } }] : []),
        ...(takeBack ? [
          { Update: { TableName: config.tableName, ...addToPlatformCounters({ revenueMinor: -refund.amountMinor }) } },
          // The week the money went back: weekly revenue is what the platform kept that week.
          { Update: { TableName: config.tableName, ...addToWeeklyCounters(new Date(at), { revenueMinor: -refund.amountMinor }) } },
          {
            Update: {
              TableName: config.tableName, Key: tutorEarningsKey(refund.tutorId, refund.earningsMonth ?? at.slice(0, 7)),
              // A course payment counted no session.
              UpdateExpression: 'ADD amountMinor :amt, sessions :one',
              ExpressionAttributeValues: { ':amt': -refund.amountMinor, ':one': refund.courseId || refund.partial ? 0 : -1 },
            },
          },
          ...(refund.courseId ? [{ Update: { TableName: config.tableName, ...refundedCourseRevenueUpdate(refund.courseId, refund.amountMinor) } }] : []),
        ] : []),
      ],
    });
    return next;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return null;
    throw error;
  }
}

/** RefundProcessed went out: a replayed webhook need not publish it again. */
export async function markRefundAnnounced(reference: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: refundKey(reference), UpdateExpression: 'SET announced = :yes', ExpressionAttributeValues: { ':yes': true },
  }));
}
