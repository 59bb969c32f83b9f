/**
 * The only code that reads or writes ledger items (keys.ts). Every entry is written in one
 * transaction with the balances it moves (one shard of the platform's totals, and the tutor's), and with the
 * payment source's new stage under a condition on the stage it was read in: two writers racing
 * on one payment (the release job and a refund) cannot both move it.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  ACCOUNTS, addToBalances, bookingPointerKey, entryItem, entryKey, isTutorAccount, LedgerEntry, monthPartition, PaymentSource,
  PENDING_PARTITION, PlatformBalances, platformBalancesKey, platformBalancesKeys, postingTotals, sourceKey, tutorBalancesKey, TutorBalances,
  tutorEntriesPartition, AVAILABLE_PARTITION, mismatchKey, mismatchPartition, mismatchPut, ProviderMismatch, type Account,
  type MismatchSource, type TutorBalanceGuard,
} from './keys.js';

/** A write of the payment source or the booking pointer, without the table name. */
export type SourceWrite = { Put: Record<string, unknown> } | { Update: Record<string, unknown> };
const T = () => config.tableName;
const withTable = (write: SourceWrite) =>
  'Put' in write ? { Put: { TableName: T(), ...write.Put } as never } : { Update: { TableName: T(), ...write.Update } as never };

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: T(), Key: key, ConsistentRead: true }));
  return out.Item;
}

export async function getSource(reference: string): Promise<PaymentSource | null> {
  const item = await getItem(sourceKey(reference));
  return item ? PaymentSource.parse(item) : null;
}

export async function getBookingReference(bookingId: string): Promise<string | null> {
  const item = await getItem(bookingPointerKey(bookingId));
  return typeof item?.reference === 'string' ? item.reference : null;
}

export async function entryExists(id: string): Promise<boolean> {
  return Boolean(await getItem(entryKey(id)));
}

/** The platform's totals: the sum of its shards (one strongly consistent BatchGet: the check compares them with the entries). */
export async function getPlatformBalances(): Promise<PlatformBalances> {
  const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [T()]: { Keys: platformBalancesKeys(), ConsistentRead: true } } }));
  if (Object.keys(out.UnprocessedKeys ?? {}).length) throw new Error('The platform balances were not all read; try again');
  const shards = (out.Responses?.[T()] ?? []).map((item) => PlatformBalances.parse(item));
  const sum = PlatformBalances.parse({});
  for (const shard of shards) {
    for (const account of ACCOUNTS) sum[account] += shard[account];
    if (shard.updatedAt && (!sum.updatedAt || shard.updatedAt > sum.updatedAt)) sum.updatedAt = shard.updatedAt;
  }
  return sum;
}

export async function getTutorBalances(tutorId: string): Promise<TutorBalances> {
  return TutorBalances.parse(await getItem(tutorBalancesKey(tutorId)) ?? {});
}

/** What a commit did: wrote it, found the entry already written (a repeat), or lost a race on the source. */
export type CommitOutcome = 'written' | 'exists' | 'stale';

/**
 * Writes `entry` (once: its id is its source) with the balances it moves and `sourceWrites`
 * (the payment source's conditional Put/Update, the booking pointer; a payout's own item), the
 * tutor's balances under `guard` when given (payouts).
 */
export async function commitEntry(entry: LedgerEntry, sourceWrites: SourceWrite[], guard?: TutorBalanceGuard): Promise<CommitOutcome> {
  const totals = postingTotals(entry.postings);
  const tutorTotals = new Map([...totals].filter(([account]) => isTutorAccount(account)));
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: T(), Item: entryItem(LedgerEntry.parse(entry)), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Update: { TableName: T(), ...addToBalances(platformBalancesKey(), totals, entry.at) } },
        ...(tutorTotals.size ? [{ Update: { TableName: T(), ...addToBalances(tutorBalancesKey(entry.tutorId), tutorTotals, entry.at, entry.tutorId, guard) } }] : []),
        ...sourceWrites.map(withTable),
      ],
    });
    return 'written';
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    return cancellationCodes(error)[0] === 'ConditionalCheckFailed' ? 'exists' : 'stale';
  }
}

/**
 * Writes `writes` (a dispute's items with a payment source's hold) all or nothing. Null when
 * written; else the index of the first write whose condition failed (-1: none said which).
 */
export async function commitWrites(writes: SourceWrite[]): Promise<number | null> {
  try {
    await transactWrite({ TransactItems: writes.map(withTable) });
    return null;
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    return cancellationCodes(error).indexOf('ConditionalCheckFailed');
  }
}

/** Reads every page of a query (bounded by the caller's key range). */
async function queryAll(input: Omit<QueryCommandInput, 'TableName'>, cap = Infinity): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({ TableName: T(), ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length < cap);
  return items;
}

/** References whose dispute window has ended by `now`, oldest first (at most `limit`). */
export async function pendingDueBy(now: Date, limit: number): Promise<string[]> {
  const items = await queryAll({
    IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p AND gsi1sk <= :upto',
    ExpressionAttributeValues: { ':p': PENDING_PARTITION, ':upto': `${now.toISOString()}#\uffff` }, Limit: limit,
  }, limit);
  return items.slice(0, limit).map((item) => PaymentSource.parse(item).reference);
}

/** Tutors who had money become available since their last whole payout, one page of `limit` from `after`. */
export async function tutorsWithAvailable(limit: number, after?: string): Promise<{ tutorIds: string[]; next?: string }> {
  const out = await dynamo().send(new QueryCommand({
    TableName: T(), IndexName: 'gsi3', KeyConditionExpression: 'gsi3pk = :p', ExpressionAttributeValues: { ':p': AVAILABLE_PARTITION }, Limit: limit,
    ...(after ? { ExclusiveStartKey: { ...tutorBalancesKey(after), gsi3pk: AVAILABLE_PARTITION, gsi3sk: after } } : {}),
  }));
  const tutorIds = (out.Items ?? []).map((item) => String(item.gsi3sk));
  return { tutorIds, ...(out.LastEvaluatedKey ? { next: tutorIds.at(-1) } : {}) };
}

/** A tutor's entries, newest first. */
export async function tutorEntries(tutorId: string, limit: number): Promise<LedgerEntry[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: T(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': tutorEntriesPartition(tutorId) }, ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((item) => LedgerEntry.parse(item));
}

/** A tutor's entries from `from` on, oldest first (every page). */
export async function tutorEntriesSince(tutorId: string, from: string): Promise<LedgerEntry[]> {
  const items = await queryAll({
    IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p AND gsi2sk >= :from',
    ExpressionAttributeValues: { ':p': tutorEntriesPartition(tutorId), ':from': from },
  });
  return items.map((item) => LedgerEntry.parse(item));
}

/** Entries with `from <= at < to`, oldest first: one Query (every page) per month the range touches, at most `cap`. */
export async function entriesBetween(from: string, to: string, months: readonly string[], cap: number): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (const month of months) {
    const items = await queryAll({
      IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':p': monthPartition(month), ':from': from, ':to': to },
    }, cap - entries.length);
    entries.push(...items.map((item) => LedgerEntry.parse(item)).filter((e) => e.at < to));
    if (entries.length >= cap) break;
  }
  return entries.slice(0, cap);
}

/**
 * Everything the ledger check needs, by key: the entries of each month given (one Query per
 * month partition), the platform's balances, and the balances of every tutor those entries name
 * (a tutor's balances move only with an entry naming them). An operator's audit (npm run
 * ledger:check and the tests), never a request path.
 */
export async function readLedger(months: readonly string[]): Promise<{ entries: LedgerEntry[]; platform: PlatformBalances; tutors: Map<string, TutorBalances> }> {
  const entries: LedgerEntry[] = [];
  for (const month of months) {
    const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': monthPartition(month) } });
    entries.push(...items.map((item) => LedgerEntry.parse(item)));
  }
  const tutorIds = new Set(entries.filter((e) => e.postings.some((p) => isTutorAccount(p.account))).map((e) => e.tutorId));
  const tutors = new Map(await Promise.all([...tutorIds].map(async (id) => [id, await getTutorBalances(id)] as const)));
  return { entries, platform: await getPlatformBalances(), tutors };
}

export async function getEntry(id: string): Promise<LedgerEntry | null> {
  const item = await getItem(entryKey(id));
  return item ? LedgerEntry.parse(item) : null;
}

/** Records a mismatch once per reference and source; false when it was already recorded (open or resolved). */
export async function putMismatch(mismatch: ProviderMismatch): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({ TableName: T(), ...mismatchPut(ProviderMismatch.parse(mismatch)).Put }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** The mismatches recorded for a reference (a few at most: one per source). */
export async function mismatchesOf(reference: string): Promise<ProviderMismatch[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: T(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': mismatchPartition(reference) }, ConsistentRead: true,
  }));
  return (out.Items ?? []).map((item) => ProviderMismatch.parse(item));
}

/** Takes an open mismatch off the problems index with who resolved it and their note; false when it was not open. */
export async function resolveMismatchRecord(reference: string, source: MismatchSource, resolution: { by: string; note: string; at: string }): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: T(), Key: mismatchKey(reference, source),
      UpdateExpression: 'SET resolvedAt = :at, resolvedBy = :by, resolutionNote = :note REMOVE gsi1pk, gsi1sk',
      ConditionExpression: 'attribute_exists(gsi1pk) AND attribute_not_exists(resolvedAt)',
      ExpressionAttributeValues: { ':at': resolution.at, ':by': resolution.by, ':note': resolution.note },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export type { Account };
