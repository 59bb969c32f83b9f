/**
 * Weekly-plan lesson refunds in the single table (keys.ts lessonRefundKey, refundLaneKey): each
 * lesson's refund is its own item in the payment's partition, created once; the lane names the one
 * Paystack is working on. The booking's view of the refund moves in the same transactions, and the
 * cancel's refund-due marker stays until the refund was asked of Paystack (so the refunds-due job
 * asks a queued one whose turn a crash skipped).
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { addToPlatformCounters, addToWeeklyCounters } from '../admin/keys.js';
import { bookingRefundRequestedUpdate, bookingRefundStatusUpdate, refundDueKey } from '../bookings/keys.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { transactWrite } from '../shared/transact.js';
import { REFUND_MOVES_FROM } from './refund-rules.js';
import {
  LESSON_REFUND_PREFIX, LessonRefundRecord, lessonRefundKey, lessonRefundListedUpdate, paymentAuditKey, RefundLane, refundLaneKey, tutorEarningsKey,
  type RefundStatus,
} from './keys.js';

const cancelled = (error: unknown) => (error as Error).name === 'TransactionCanceledException' || (error as Error).name === 'ConditionalCheckFailedException';

/** Every lesson refund of the payment (at most one per lesson it paid, ≤ 30). */
export async function lessonRefundsOf(reference: string): Promise<LessonRefundRecord[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :refund)',
    ExpressionAttributeValues: { ':pk': `PAYMENT#${reference}`, ':refund': LESSON_REFUND_PREFIX }, ConsistentRead: true,
  }));
  return (out.Items ?? []).map((item) => LessonRefundRecord.parse(item));
}

export async function getLessonRefund(reference: string, bookingId: string): Promise<LessonRefundRecord | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: lessonRefundKey(reference, bookingId), ConsistentRead: true }));
  return out.Item ? LessonRefundRecord.parse(out.Item) : null;
}

export async function getRefundLane(reference: string): Promise<RefundLane | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: refundLaneKey(reference), ConsistentRead: true }));
  return out.Item ? RefundLane.parse(out.Item) : null;
}

const bookingView = (refund: LessonRefundRecord) => ({ status: 'pending' as const, amountMinor: refund.amountMinor, requestedAt: refund.requestedAt });

/**
 * Records the lesson's refund, once (a second cancel, a replay of the refunds-due job: false), with
 * the booking's view and the audit record; the lane item is made if the payment has none yet.
 */
export async function recordLessonRefund(refund: LessonRefundRecord): Promise<boolean> {
  const TableName = config.tableName;
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName, Item: { ...lessonRefundKey(refund.reference, refund.bookingId), entity: 'LessonRefund', ...refund },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName, Item: {
              ...paymentAuditKey(refund.reference, `${refund.requestedAt}#${refund.bookingId}`), entity: 'PaymentAudit',
              action: 'refund_requested', by: refund.by, note: refund.reason, at: refund.requestedAt, amountMinor: refund.amountMinor, bookingId: refund.bookingId,
            },
          },
        },
        { Update: { TableName, ...bookingRefundRequestedUpdate(refund.bookingId, bookingView(refund)) } },
        { Update: { TableName, ...lessonRefundListedUpdate(refund.reference, refund.bookingId, 'requested') } },
      ],
    });
    return true;
  } catch (error) {
    if (cancelled(error)) return false;
    throw error;
  }
}

/** Takes the lane for `bookingId` if no refund of the payment is at Paystack; false when one is. */
export async function takeRefundLane(reference: string, bookingId: string, at: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: refundLaneKey(reference),
      UpdateExpression: 'SET inFlight = :b, since = :at, entity = :e', ConditionExpression: 'attribute_not_exists(inFlight)',
      ExpressionAttributeValues: { ':b': bookingId, ':at': at, ':e': 'RefundLane' },
    }));
    return true;
  } catch (error) {
    if (cancelled(error)) return false;
    throw error;
  }
}

/**
 * Moves the lesson refund forward (as refund-repository.ts advanceRefund), storing Paystack's
 * refund reference; when it ends (processed or failed) the lane is freed in the same transaction,
 * and once asked the cancel's refund-due marker goes. Processed takes back revenue and the tutor's
 * month (one lesson: one session). The refund as now stored, or null when nothing moved.
 */
export async function advanceLessonRefund(
  refund: LessonRefundRecord, status: Exclude<RefundStatus, 'requested'>, at: string, extra: { refundReference?: string; failureMessage?: string } = {},
): Promise<LessonRefundRecord | null> {
  const TableName = config.tableName;
  const next: LessonRefundRecord = {
    ...refund, status, ...(status === 'processed' ? { processedAt: at, announced: false } : {}), ...(status === 'failed' ? { failedAt: at } : {}),
    ...(extra.refundReference ? { refundReference: extra.refundReference } : {}), ...(extra.failureMessage ? { failureMessage: extra.failureMessage } : {}),
  };
  const from = REFUND_MOVES_FROM[status];
  const ends = status !== 'pending';
  const takeBack = status === 'processed' && refund.countedInRevenue;
  const sets = ['#s = :s', ...(status === 'processed' ? ['processedAt = :at', 'announced = :no'] : []), ...(status === 'failed' ? ['failedAt = :at'] : []),
    ...(extra.refundReference ? ['refundReference = :rr'] : []), ...(extra.failureMessage ? ['failureMessage = :why'] : [])];
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName, Key: lessonRefundKey(refund.reference, refund.bookingId), UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: `#s IN (${from.map((_, i) => `:from${i}`).join(', ')})${extra.refundReference ? ' AND (attribute_not_exists(refundReference) OR refundReference = :rr)' : ''}`,
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':s': status, ...Object.fromEntries(from.map((s, i) => [`:from${i}`, s])),
              ...(status === 'processed' || status === 'failed' ? { ':at': at } : {}), ...(status === 'processed' ? { ':no': false } : {}),
              ...(extra.refundReference ? { ':rr': extra.refundReference } : {}), ...(extra.failureMessage ? { ':why': extra.failureMessage } : {}),
            },
          },
        },
        { Update: { TableName, ...bookingRefundStatusUpdate(refund.bookingId, status, at) } },
        { Update: { TableName, ...lessonRefundListedUpdate(refund.reference, refund.bookingId, status) } },
        ...(refund.status === 'requested' ? [{ Delete: { TableName, Key: refundDueKey(refund.bookingId, refund.reference) } }] : []),
        ...(ends ? [{
          Update: {
            TableName, Key: refundLaneKey(refund.reference), UpdateExpression: 'REMOVE inFlight, since',
            ConditionExpression: 'inFlight = :b', ExpressionAttributeValues: { ':b': refund.bookingId },
          },
        }] : []),
        ...(takeBack ? [
          { Update: { TableName, ...addToPlatformCounters({ revenueMinor: -refund.amountMinor }) } },
          { Update: { TableName, ...addToWeeklyCounters(new Date(at), { revenueMinor: -refund.amountMinor }) } },
          {
            Update: {
              TableName, Key: tutorEarningsKey(refund.tutorId, refund.earningsMonth ?? at.slice(0, 7)),
              UpdateExpression: 'ADD amountMinor :amt, sessions :one', ExpressionAttributeValues: { ':amt': -refund.amountMinor, ':one': -1 },
            },
          },
        ] : []),
      ],
    });
    return next;
  } catch (error) {
    if (cancelled(error)) return null;
    throw error;
  }
}

/** RefundProcessed went out for this lesson's refund: a replayed webhook need not publish it again. */
export async function markLessonRefundAnnounced(reference: string, bookingId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: lessonRefundKey(reference, bookingId), UpdateExpression: 'SET announced = :yes', ExpressionAttributeValues: { ':yes': true },
  }));
}
