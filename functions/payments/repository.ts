/**
 * Payments in the single table:
 *   payment attempt  pk PAYMENT#{reference}  sk PAYMENT   bookingId, amountMinor, status, eventPublished
 *                    gsi1 PAYPROBLEM#open / {flaggedAt}#{reference} while a problem is open (sparse)
 *   problem audit    pk PAYMENT#{reference}  sk AUDIT#{at}   who resolved it, with their note
 *   transaction      pk TXN#{reference}      sk TXN       gsi1 TXNS / {paidAt}#{reference} (recent first)
 *   tutor earnings   pk TUTOR#{tutorId}      sk EARN#{yyyy-mm}   ADD amountMinor, sessions
 *   platform stats   pk STATS                sk PLATFORM         ADD revenueMinor, paidBookings
 * The first verified success for a reference commits all of them and the booking in ONE
 * transaction; a replay finds the payment already successful and changes nothing.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Gsi1Key } from '../shared/cursor.js';
import type { Booking } from '../bookings/contract.js';
import { bookingKey, hourLockKey } from '../bookings/repository.js';
import { platformStatsKey } from '../profiles/repository.js';
import { tutorPk } from '../tutors/availability-repository.js';
import { dynamo } from '../shared/aws.js';
import { transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import { weeklyStatsKey } from '../shared/time.js';
import { isProblemKind } from './problems.js';

export type PaymentAttemptStatus = 'initialized' | 'success' | 'failed' | 'amount_mismatch' | 'duplicate' | 'needs_refund';

export interface PaymentAttempt {
  reference: string;
  bookingId: string;
  studentId: string;
  tutorId: string;
  amountMinor: number;
  currency: 'KES';
  status: PaymentAttemptStatus;
  createdAt: string;
  paidAt?: string;
  channel?: string;
  providerAmountMinor?: number;
  providerCurrency?: string;
  eventPublished?: boolean;
  /** When it became a problem payment (amount mismatch, duplicate, needs refund). */
  flaggedAt?: string;
  resolvedAt?: string;
  resolvedBy?: string;
  resolutionNote?: string;
}

/** The sparse index of problem payments nobody has resolved yet. */
export const OPEN_PROBLEMS_PARTITION = 'PAYPROBLEM#open';

const paymentKey = (reference: string) => ({ pk: `PAYMENT#${reference}`, sk: 'PAYMENT' });

export async function createPaymentAttempt(p: PaymentAttempt, booking: Booking): Promise<void> {
  await transactWrite({
    TransactItems: [
      { Put: { TableName: config.tableName, Item: { ...paymentKey(p.reference), entity: 'PaymentAttempt', ...p }, ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Update: {
          TableName: config.tableName, Key: bookingKey(booking.id),
          UpdateExpression: 'SET paymentReference = :ref',
          ConditionExpression: 'attribute_exists(pk) AND paymentStatus <> :paid',
          ExpressionAttributeValues: { ':ref': p.reference, ':paid': 'paid' },
        },
      },
    ],
  });
}

export async function getPaymentAttempt(reference: string): Promise<PaymentAttempt | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: paymentKey(reference) }));
  return out.Item ? toAttempt(out.Item) : null;
}

export type ConfirmResult = 'confirmed' | 'already_confirmed' | 'booking_paid_elsewhere' | 'hold_lost';

export async function confirmPayment(
  attempt: PaymentAttempt, booking: Booking, hours: string[], paid: { at: string; channel?: string },
): Promise<ConfirmResult> {
  const month = paid.at.slice(0, 7);
  const items = [
    {
      Update: {
        TableName: config.tableName, Key: paymentKey(attempt.reference),
        // A confirmed payment is no problem (should one have been flagged before).
        UpdateExpression: 'SET #s = :success, paidAt = :at, channel = :ch, eventPublished = :false REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#s <> :success',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':success': 'success', ':at': paid.at, ':ch': paid.channel ?? 'unknown', ':false': false },
      },
    },
    {
      Update: {
        TableName: config.tableName, Key: bookingKey(booking.id),
        UpdateExpression: 'SET paymentStatus = :paid, #s = :confirmed, paidAt = :at, paymentReference = :ref REMOVE holdExpiresAt',
        ConditionExpression: 'paymentStatus <> :paid',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':paid': 'paid', ':confirmed': 'confirmed', ':at': paid.at, ':ref': attempt.reference },
      },
    },
    // The hold becomes permanent, but only if these hours are still this booking's.
    ...hours.map((start) => ({
      Update: {
        TableName: config.tableName, Key: hourLockKey(booking.tutorId, start),
        UpdateExpression: 'REMOVE expiresAt',
        ConditionExpression: 'bookingId = :id',
        ExpressionAttributeValues: { ':id': booking.id },
      },
    })),
    {
      Put: {
        TableName: config.tableName,
        Item: {
          pk: `TXN#${attempt.reference}`, sk: 'TXN', entity: 'PaymentTransaction', gsi1pk: 'TXNS', gsi1sk: `${paid.at}#${attempt.reference}`,
          id: attempt.reference, bookingId: booking.id, studentId: booking.studentId, tutorId: booking.tutorId,
          amount: attempt.amountMinor / 100, amountMinor: attempt.amountMinor, currency: 'KES', status: 'success',
          channel: paid.channel ?? 'unknown', createdAt: paid.at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: config.tableName, Key: platformStatsKey,
        UpdateExpression: 'ADD revenueMinor :amt, paidBookings :one',
        ExpressionAttributeValues: { ':amt': attempt.amountMinor, ':one': 1 },
      },
    },
    {
      Update: {
        TableName: config.tableName, Key: weeklyStatsKey(new Date(paid.at)),
        UpdateExpression: 'ADD revenueMinor :amt', ExpressionAttributeValues: { ':amt': attempt.amountMinor },
      },
    },
    {
      Update: {
        TableName: config.tableName, Key: { pk: tutorPk(booking.tutorId), sk: `EARN#${month}` },
        UpdateExpression: 'ADD amountMinor :amt, sessions :one',
        ExpressionAttributeValues: { ':amt': attempt.amountMinor, ':one': 1 },
      },
    },
  ];
  try {
    await transactWrite({ TransactItems: items });
    return 'confirmed';
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const reasons = ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code);
    if (reasons[0] === 'ConditionalCheckFailed') return 'already_confirmed';
    if (reasons[1] === 'ConditionalCheckFailed') return 'booking_paid_elsewhere';
    if (reasons.slice(2, 2 + hours.length).includes('ConditionalCheckFailed')) return 'hold_lost';
    // Reasons missing (older emulators): look at the payment itself.
    const now = await getPaymentAttempt(attempt.reference);
    if (now?.status === 'success') return 'already_confirmed';
    throw error;
  }
}

/**
 * Records a non-success outcome; never overwrites a success. A problem outcome (amount mismatch,
 * duplicate, needs refund) also enters the open-problems index, keeping its first flag time
 * on replays, and never again once a super admin has resolved it.
 */
export async function setAttemptStatus(
  reference: string, status: Exclude<PaymentAttemptStatus, 'success'>, extra: Record<string, unknown> = {}, now = new Date(),
): Promise<void> {
  const names: Record<string, string> = { '#s': 'status' };
  const values: Record<string, unknown> = { ':s': status, ':success': 'success' };
  const sets = ['#s = :s'];
  Object.entries(extra).forEach(([k, v], i) => { names[`#e${i}`] = k; values[`:e${i}`] = v; sets.push(`#e${i} = :e${i}`); });
  let condition = 'attribute_exists(pk) AND #s <> :success';
  if (isProblemKind(status)) {
    const at = now.toISOString();
    sets.push('flaggedAt = if_not_exists(flaggedAt, :at)', 'gsi1pk = :open', 'gsi1sk = if_not_exists(gsi1sk, :sk)');
    Object.assign(values, { ':at': at, ':open': OPEN_PROBLEMS_PARTITION, ':sk': `${at}#${reference}` });
    condition += ' AND attribute_not_exists(resolvedAt)';
  }
  // Any other outcome (e.g. the charge was reversed) leaves nothing for anyone to do.
  const removes = isProblemKind(status) ? '' : ' REMOVE gsi1pk, gsi1sk';
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: paymentKey(reference),
    UpdateExpression: `SET ${sets.join(', ')}${removes}`, ConditionExpression: condition,
    ExpressionAttributeNames: names, ExpressionAttributeValues: values,
  })).catch((error: Error) => { if (error.name !== 'ConditionalCheckFailedException') throw error; });
}

const toAttempt = (item: Record<string, unknown>): PaymentAttempt => {
  const { pk: _pk, sk: _sk, entity: _e, gsi1pk: _g, gsi1sk: _gs, ...rest } = item;
  return rest as unknown as PaymentAttempt;
};

/** Open problem payments, newest first. Reads one more than asked, so a cursor means more exist. */
export async function openPaymentProblems(limit: number, startKey?: Gsi1Key): Promise<{ items: PaymentAttempt[]; lastKey?: Gsi1Key }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': OPEN_PROBLEMS_PARTITION }, ScanIndexForward: false, Limit: limit + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  }));
  const items = (out.Items ?? []).slice(0, limit);
  return {
    items: items.map(toAttempt),
    ...((out.Items ?? []).length > limit ? { lastKey: Gsi1Key.parse(items[items.length - 1]) } : {}),
  };
}

/**
 * Takes an open problem off the index with the resolver's note, and writes the audit record, in
 * one transaction. False when it was no longer open (resolved at the same time by someone else).
 */
export async function resolvePaymentProblemRecord(attempt: PaymentAttempt, resolution: { by: string; note: string; at: string }): Promise<boolean> {
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: paymentKey(attempt.reference),
            UpdateExpression: 'SET resolvedAt = :at, resolvedBy = :by, resolutionNote = :note REMOVE gsi1pk, gsi1sk',
            ConditionExpression: 'gsi1pk = :open AND attribute_not_exists(resolvedAt)',
            ExpressionAttributeValues: { ':at': resolution.at, ':by': resolution.by, ':note': resolution.note, ':open': OPEN_PROBLEMS_PARTITION },
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: {
              pk: `PAYMENT#${attempt.reference}`, sk: `AUDIT#${resolution.at}`, entity: 'PaymentProblemAudit',
              action: 'resolved', kind: attempt.status, by: resolution.by, note: resolution.note, at: resolution.at,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}

export async function markBookingPaymentFailed(bookingId: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: bookingKey(bookingId),
    UpdateExpression: 'SET paymentStatus = :failed', ConditionExpression: 'attribute_exists(pk) AND paymentStatus <> :paid',
    ExpressionAttributeValues: { ':failed': 'failed', ':paid': 'paid' },
  })).catch((error: Error) => { if (error.name !== 'ConditionalCheckFailedException') throw error; });
}

export async function markEventPublished(reference: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: paymentKey(reference),
    UpdateExpression: 'SET eventPublished = :true', ExpressionAttributeValues: { ':true': true },
  }));
}


export interface PaymentTransactionRecord { id: string; bookingId: string; amount: number; status: string; createdAt: string; channel: string }

export async function recentTransactions(limit = 5): Promise<PaymentTransactionRecord[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': 'TXNS' }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((i) => ({
    id: i.id as string, bookingId: i.bookingId as string, amount: i.amount as number,
    status: i.status as string, createdAt: i.createdAt as string, channel: i.channel as string,
  }));
}

/** A tutor's earnings per month (yyyy-mm → minor units and sessions). */
export async function tutorEarnings(tutorId: string): Promise<Array<{ month: string; amountMinor: number; sessions: number }>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':p': 'EARN#' },
  }));
  return (out.Items ?? []).map((i) => ({
    month: (i.sk as string).slice(5), amountMinor: (i.amountMinor as number) ?? 0, sessions: (i.sessions as number) ?? 0,
  }));
}
