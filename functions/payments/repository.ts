/**
 * Payments in the single table (keys in keys.ts). The first verified success for a reference
 * commits the attempt, the booking and its hour locks (or, for a course, the enrolment), the
 * transaction record and the tutor's month in ONE transaction (the booking's and the enrolment's
 * items come from their owners' keys.ts). The platform counters and the course's counts are added
 * from the PaymentConfirmed event (admin and courses consumers), outside this transaction;
 * a replay finds the payment already successful and changes nothing. Items are parsed when read:
 * a corrupt payment fails the request (500) rather than being skipped.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { bookingPaidUpdate, bookingPaymentReferenceUpdate, hourLockKeptUpdate } from '../bookings/keys.js';
import { newEnrolmentPut } from '../courses/keys.js';
import { planInstalmentPaidUpdate } from '../plans/keys.js';
import { packPaidUpdate } from '../packs/keys.js';
import type { Booking } from '../bookings/contract.js';
import { Gsi1Key } from '../shared/cursor.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import {
  EARNINGS_PREFIX, OPEN_PROBLEMS_PARTITION, PaymentAttempt, paymentAuditKey, paymentKey, PaymentTransactionRecord, refundKey, RefundRecord,
  TRANSACTIONS_PARTITION, transactionKey, enrolledBy, tutorEarningsKey, TutorEarningsItem, type CoursePaymentAttempt, type LessonPaymentAttempt, type PackPaymentAttempt, type PlanPaymentAttempt,
  type PaymentAttemptStatus, type TutorEarnings,
} from './keys.js';
import { isProblemKind } from './problems.js';
import { tutorPk } from '../tutors/keys.js';
import { MISMATCH_ENTITY, ProviderMismatch } from '../ledger/keys.js';

/** The attempt, and for a lesson the booking's latest reference (for "Verify Payment"), together. */
export async function createPaymentAttempt(p: PaymentAttempt): Promise<void> {
  await transactWrite({
    TransactItems: [
      { Put: { TableName: config.tableName, Item: { ...paymentKey(p.reference), entity: 'PaymentAttempt', ...p }, ConditionExpression: 'attribute_not_exists(pk)' } },
      ...(p.purpose === 'lesson' ? [{ Update: { TableName: config.tableName, ...bookingPaymentReferenceUpdate(p.bookingId, p.reference) } }] : []),
    ],
  });
}

export async function getPaymentAttempt(reference: string): Promise<PaymentAttempt | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: paymentKey(reference) }));
  return out.Item ? PaymentAttempt.parse(out.Item) : null;
}

export type ConfirmResult = 'confirmed' | 'already_confirmed' | 'booking_paid_elsewhere' | 'hold_lost';
export type CourseConfirmResult = 'confirmed' | 'already_confirmed' | 'already_enrolled';
export type PackConfirmResult = 'confirmed' | 'already_confirmed' | 'pack_paid_elsewhere';
export type PlanConfirmResult = 'confirmed' | 'already_confirmed' | 'instalment_paid_elsewhere' | 'booking_paid_elsewhere' | 'hold_lost';
interface Paid { at: string; channel?: string }

/** The items every confirmation writes, whatever was paid for: the attempt (first), the record, the tutor's month. */
function confirmationItems(
  attempt: PaymentAttempt, paid: Paid, paidFor: { bookingId: string } | { courseId: string } | { planId: string; instalment: number; bookingIds: string[] } | { packId: string; lessons: number },
  counters: { sessions?: number },
) {
  return {
    attempt: {
      Update: {
        TableName: config.tableName, Key: paymentKey(attempt.reference),
        // A confirmed payment is no problem (should one have been flagged before).
        UpdateExpression: 'SET #s = :success, paidAt = :at, channel = :ch, eventPublished = :false REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#s <> :success',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':success': 'success', ':at': paid.at, ':ch': paid.channel ?? 'unknown', ':false': false },
      },
    },
    money: [
      {
        Put: {
          TableName: config.tableName,
          Item: {
            ...transactionKey(attempt.reference), entity: 'PaymentTransaction', gsi1pk: TRANSACTIONS_PARTITION, gsi1sk: `${paid.at}#${attempt.reference}`,
            id: attempt.reference, ...paidFor, studentId: attempt.studentId, tutorId: attempt.tutorId,
            amount: attempt.amountMinor / 100, amountMinor: attempt.amountMinor, currency: 'KES', status: 'success',
            channel: paid.channel ?? 'unknown', createdAt: paid.at,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Update: {
          TableName: config.tableName, Key: tutorEarningsKey(attempt.tutorId, paid.at.slice(0, 7)),
          UpdateExpression: 'ADD amountMinor :amt, sessions :n',
          ExpressionAttributeValues: { ':amt': attempt.amountMinor, ':n': counters.sessions ?? 0 },
        },
      },
    ],
  };
}

const cancelledCodes = (error: unknown): Array<string | undefined> => {
  if ((error as Error).name !== 'TransactionCanceledException') throw error;
  return ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code);
};

export async function confirmPayment(attempt: LessonPaymentAttempt, booking: Booking, hours: string[], paid: Paid): Promise<ConfirmResult> {
  const { attempt: attemptItem, money } = confirmationItems(attempt, paid, { bookingId: booking.id }, { sessions: 1 });
  const items = [
    attemptItem,
    { Update: { TableName: config.tableName, ...bookingPaidUpdate(booking, attempt.reference, paid.at) } },
    // The hold becomes permanent, but only if these hours are still this booking's.
    ...hours.map((start) => ({ Update: { TableName: config.tableName, ...hourLockKeptUpdate(booking.tutorId, start, booking.id) } })),
    ...money,
  ];
  try {
    await transactWrite({ TransactItems: items });
    return 'confirmed';
  } catch (error) {
    const reasons = cancelledCodes(error);
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
 * Confirms a course payment: the enrolment exists from this transaction on, with the
 * course's count and revenue, so it is never there unpaid nor counted twice (webhook and verify
 * race on the attempt's condition). A student already enrolled paid twice: nothing is written.
 * The enrolment is the learner's when a parent paid for a child; the money is the payer's.
 */
export async function confirmCoursePayment(attempt: CoursePaymentAttempt, paid: Paid): Promise<CourseConfirmResult> {
  const { attempt: attemptItem, money } = confirmationItems(attempt, paid, { courseId: attempt.courseId }, {});
  const enrolment = { courseId: attempt.courseId, studentId: enrolledBy(attempt), enrolledAt: paid.at, paymentReference: attempt.reference };
  try {
    await transactWrite({
      TransactItems: [
        attemptItem,
        { Put: { TableName: config.tableName, ...newEnrolmentPut(enrolment) } },
        ...money,
      ],
    });
    return 'confirmed';
  } catch (error) {
    const reasons = cancelledCodes(error);
    if (reasons[0] === 'ConditionalCheckFailed') return 'already_confirmed';
    if (reasons[1] === 'ConditionalCheckFailed') return 'already_enrolled';
    if ((await getPaymentAttempt(attempt.reference))?.status === 'success') return 'already_confirmed';
    throw error;
  }
}

/**
 * Confirms a plan instalment's payment in one transaction: the attempt, the plan (the instalment
 * pending → paid, the plan active), each of its lessons' bookings paid with its hour locks kept,
 * the transaction record and the tutor's month (one session per lesson). Webhook and poll race on
 * the attempt's condition; another reference that paid the instalment first fails the plan's.
 * A month is at most 4 lessons and a term paid up front at most 30, each ≤ 3 items: one transaction.
 */
export async function confirmPlanPayment(attempt: PlanPaymentAttempt, bookings: ReadonlyArray<Booking & { lockedHours: string[] }>, paid: Paid): Promise<PlanConfirmResult> {
  const { attempt: attemptItem, money } = confirmationItems(
    attempt, paid, { planId: attempt.planId, instalment: attempt.instalment, bookingIds: attempt.bookingIds }, { sessions: attempt.bookingIds.length },
  );
  const byId = new Map(bookings.map((b) => [b.id, b]));
  // A lesson missing here (deleted by hand) makes the instalment unpayable: the hold is lost.
  if (attempt.bookingIds.some((id) => !byId.has(id))) return 'hold_lost';
  const lessons = attempt.bookingIds.map((id) => byId.get(id)!);
  const lessonItems = lessons.map((booking) => [
    { Update: { TableName: config.tableName, ...bookingPaidUpdate(booking, attempt.reference, paid.at) } },
    ...booking.lockedHours.map((start) => ({ Update: { TableName: config.tableName, ...hourLockKeptUpdate(booking.tutorId, start, booking.id) } })),
  ]);
  try {
    await transactWrite({
      TransactItems: [attemptItem, { Update: { TableName: config.tableName, ...planInstalmentPaidUpdate(attempt.planId, attempt.instalment) } }, ...lessonItems.flat(), ...money],
    });
    return 'confirmed';
  } catch (error) {
    const reasons = cancelledCodes(error);
    if (reasons[0] === 'ConditionalCheckFailed') return 'already_confirmed';
    if (reasons[1] === 'ConditionalCheckFailed') return 'instalment_paid_elsewhere';
    let at = 2;
    for (const items of lessonItems) {
      if (reasons[at] === 'ConditionalCheckFailed') return 'booking_paid_elsewhere';
      if (reasons.slice(at + 1, at + items.length).includes('ConditionalCheckFailed')) return 'hold_lost';
      at += items.length;
    }
    if ((await getPaymentAttempt(attempt.reference))?.status === 'success') return 'already_confirmed';
    throw error;
  }
}

/**
 * Confirms a lesson pack's payment: the attempt, the pack (awaiting payment → active, its credits
 * usable from now on), the transaction record and the tutor's month, in one transaction. No lesson
 * is paid yet (sessions 0): each is booked from a credit later. Webhook and poll race on the
 * attempt's condition; a second reference paying the same pack fails the pack's: a duplicate to refund.
 */
export async function confirmPackPayment(attempt: PackPaymentAttempt, paid: Paid): Promise<PackConfirmResult> {
  const { attempt: attemptItem, money } = confirmationItems(attempt, paid, { packId: attempt.packId, lessons: attempt.lessons }, {});
  try {
    await transactWrite({
      TransactItems: [attemptItem, { Update: { TableName: config.tableName, ...packPaidUpdate(attempt.packId, attempt.reference, paid.at) } }, ...money],
    });
    return 'confirmed';
  } catch (error) {
    const reasons = cancelledCodes(error);
    if (reasons[0] === 'ConditionalCheckFailed') return 'already_confirmed';
    if (reasons[1] === 'ConditionalCheckFailed') return 'pack_paid_elsewhere';
    if ((await getPaymentAttempt(attempt.reference))?.status === 'success') return 'already_confirmed';
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

/**
 * An open problem: a payment attempt (mismatch, duplicate, needs refund), a refund the provider
 * refused, or what the provider did that the ledger does not record the same way (the ledger's item).
 */
export type OpenProblemItem =
  | { attempt: PaymentAttempt; refund?: never; mismatch?: never }
  | { refund: RefundRecord; attempt?: never; mismatch?: never }
  | { mismatch: ProviderMismatch; attempt?: never; refund?: never };

/** Open problems, newest first. Reads one more than asked, so a cursor means more exist. */

export async function openPaymentProblems(limit: number, startKey?: Gsi1Key): Promise<{ items: OpenProblemItem[]; lastKey?: Gsi1Key }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': OPEN_PROBLEMS_PARTITION }, ScanIndexForward: false, Limit: limit + 1,
    ...(startKey ? { ExclusiveStartKey: startKey } : {}),
  }));
  const items = (out.Items ?? []).slice(0, limit);
  return {
    items: items.map((item): OpenProblemItem => (item.entity === MISMATCH_ENTITY ? { mismatch: ProviderMismatch.parse(item) }
      : item.sk === refundKey('').sk ? { refund: RefundRecord.parse(item) } : { attempt: PaymentAttempt.parse(item) })),
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
              ...paymentAuditKey(attempt.reference, resolution.at), entity: 'PaymentProblemAudit',
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

export async function markEventPublished(reference: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: paymentKey(reference),
    UpdateExpression: 'SET eventPublished = :true', ExpressionAttributeValues: { ':true': true },
  }));
}

export async function recentTransactions(limit = 5): Promise<PaymentTransactionRecord[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': TRANSACTIONS_PARTITION }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => PaymentTransactionRecord.parse(item));
}

/** A filter on the transactions list, as a FilterExpression over the transaction item. */
export interface TransactionFilter { expression: string; names?: Record<string, string>; values?: Record<string, unknown> }

/**
 * One page of transactions, newest first, from `startKey`. Unfiltered: one Query of `limit` + 1
 * (a cursor only when more exist). Filtered: Queries of 100 until `limit` match or `maxCalls`
 * pages were read, then the cursor continues, so a rare status costs a bounded amount.
 */
export async function transactionsPage(
  limit: number, filter?: TransactionFilter, startKey?: Record<string, unknown>, maxCalls = 4,
): Promise<{ items: PaymentTransactionRecord[]; lastKey?: Gsi1Key }> {
  const found: Record<string, unknown>[] = [];
  let next = startKey;
  for (let call = 0; call < maxCalls; call++) {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
      ScanIndexForward: false, Limit: filter ? 100 : limit + 1, ExclusiveStartKey: next,
      ...(filter ? { FilterExpression: filter.expression, ...(filter.names ? { ExpressionAttributeNames: filter.names } : {}) } : {}),
      ExpressionAttributeValues: { ':p': TRANSACTIONS_PARTITION, ...filter?.values },
    }));
    found.push(...(out.Items ?? []));
    next = out.LastEvaluatedKey;
    if (found.length > limit) {
      const page = found.slice(0, limit);
      return { items: page.map((item) => PaymentTransactionRecord.parse(item)), lastKey: Gsi1Key.parse(page.at(-1)) };
    }
    if (!next) break;
  }
  return { items: found.map((item) => PaymentTransactionRecord.parse(item)), ...(next ? { lastKey: Gsi1Key.parse(next) } : {}) };
}

/** A tutor's earnings per month (yyyy-mm → minor units and sessions). */
export async function tutorEarnings(tutorId: string): Promise<TutorEarnings[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':p': EARNINGS_PREFIX },
  }));
  return (out.Items ?? []).map((item) => TutorEarningsItem.parse(item));
}

/**
 * Claims the right to ask the provider about a waiting M-Pesa prompt: true for one caller per
 * PROMPT_CHECK_INTERVAL_MS however many pages poll at once (a condition on the last check).
 */
export async function claimPromptCheck(reference: string, now: Date, intervalMs: number): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: paymentKey(reference),
      UpdateExpression: 'SET promptCheckedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(promptCheckedAt) OR promptCheckedAt <= :before)',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':before': new Date(now.getTime() - intervalMs).toISOString() },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Why a prompt failed, kept with its attempt (only while it has not been paid). */
export async function notePromptFailure(reference: string, failure: string): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: paymentKey(reference),
    UpdateExpression: 'SET promptFailure = :f', ConditionExpression: 'attribute_exists(pk) AND #s <> :success',
    ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':f': failure, ':success': 'success' },
  })).catch((error: Error) => { if (error.name !== 'ConditionalCheckFailedException') throw error; });
}

/** The Paybill business number and account reference a Paybill attempt was given (the page shows them again on every poll). */
export async function notePaybill(reference: string, paybill: { businessNumber: string; accountReference: string }): Promise<void> {
  await dynamo().send(new UpdateCommand({
    TableName: config.tableName, Key: paymentKey(reference),
    UpdateExpression: 'SET paybillNumber = :n, paybillAccount = :a', ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':n': paybill.businessNumber, ':a': paybill.accountReference },
  }));
}
