/**
 * Ledger items in the single table (docs/data-model.md "Ledger"). Pure: keys, item builders and
 * the schemas items are parsed with when read.
 *   entry            pk LEDGER#ENTRY#{kind}#{reference}  sk ENTRY   postings that sum to zero
 *                    gsi1 LEDGERMONTH#{yyyy-mm} / {at}#{entryId}; gsi2 TUTORLEDGER#{tutorId} / {at}#{entryId}
 *   platform totals  pk LEDGER#BALANCES#{shard}  sk BALANCES  one attribute per account (control accounts), split
 *                    over BALANCE_SHARDS items: an entry adds to one picked at random, a read sums them all
 *                    (with pk LEDGER sk BALANCES, the single item from before the split)
 *   tutor balances   pk TUTOR#{tutorId}       sk LEDGER        the tutor's pending / available / in flight / paid out
 *   payment source   pk LEDGER#PAYMENT#{ref}  sk SOURCE        where a payment's money is now (held → pending → available, or refunded)
 *                    gsi1 LEDGERPENDING / {availableAt}#{reference} while pending (sparse)
 *   booking pointer  pk LEDGER#BOOKING#{id}   sk PAYMENT       the reference that paid the booking
 *   mismatch         pk LEDGER#MISMATCH#{provider reference}  sk {source}   what the provider did and the
 *                    ledger does not say (reconcile.ts), or a transfer paid after it was recorded failed
 *                    gsi1 PAYPROBLEM#open / {flaggedAt}#{reference} until a super admin resolves it
 *                    (the payment problems list reads that index)
 * The tutor balances item joins gsi3 LEDGERAVAILABLE / {tutorId} when money becomes available to
 * them and leaves it when a payout takes all of it: the weekly payout run reads only those tutors.
 */
import * as z from 'zod';
import { OPEN_PROBLEMS_PARTITION } from '../payments/keys.js';
import { tutorPk } from '../tutors/keys.js';

/** Money the platform received from students (debited: its balance is minus all payments). */
export const PLATFORM_ACCOUNTS = ['student_payments', 'lessons_held', 'platform_revenue', 'refunds'] as const;
/** A tutor's money, per tutor (sub-ledger) and summed over tutors (the platform totals). */
export const TUTOR_ACCOUNTS = ['tutor_pending', 'tutor_available', 'tutor_in_flight', 'tutor_paid_out'] as const;
export const ACCOUNTS = [...PLATFORM_ACCOUNTS, ...TUTOR_ACCOUNTS] as const;
export type Account = (typeof ACCOUNTS)[number];
export type TutorAccount = (typeof TUTOR_ACCOUNTS)[number];
export const isTutorAccount = (account: Account): account is TutorAccount => (TUTOR_ACCOUNTS as readonly string[]).includes(account);

/**
 * payout: available → in flight (a transfer was asked for); payout_paid: in flight → paid out;
 * payout_failed: back to available (from in flight, or from paid out when Paystack reversed it).
 */
export const ENTRY_KINDS = ['payment', 'earned', 'released', 'refund', 'payout', 'payout_paid', 'payout_failed'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const Posting = z.object({ account: z.enum(ACCOUNTS), amountMinor: z.number().int() });
export type Posting = z.infer<typeof Posting>;

export const LedgerEntry = z.object({
  entryId: z.string(),
  kind: z.enum(ENTRY_KINDS),
  at: z.string(),
  reference: z.string(),
  tutorId: z.string(),
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  /** Fee of the payment in basis points, on entries that split it (earned; a course payment). */
  feeBasisPoints: z.number().int().optional(),
  postings: z.array(Posting).min(2),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const SOURCE_STAGES = ['held', 'pending', 'available', 'refunded'] as const;
export type SourceStage = (typeof SOURCE_STAGES)[number];

export const PaymentSource = z.object({
  reference: z.string(),
  purpose: z.enum(['lesson', 'course']),
  tutorId: z.string(),
  bookingId: z.string().optional(),
  courseId: z.string().optional(),
  amountMinor: z.number().int(),
  paidAt: z.string(),
  stage: z.enum(SOURCE_STAGES),
  /** Set once the payment was split (lesson completed, course bought). */
  feeMinor: z.number().int().optional(),
  tutorMinor: z.number().int().optional(),
  feeBasisPoints: z.number().int().optional(),
  earnedAt: z.string().optional(),
  availableAt: z.string().optional(),
  refundedMinor: z.number().int().optional(),
  /**
   * The dispute holding this payment's earnings (functions/disputes): while set, the source is
   * out of the release index, so the release job cannot make the tutor's share available.
   */
  hold: z.string().optional(),
});
export type PaymentSource = z.infer<typeof PaymentSource>;

export const ENTRY_PREFIX = 'LEDGER#ENTRY#';
export const entryId = (kind: EntryKind, reference: string) => `${kind}#${reference}`;
export const entryKey = (id: string) => ({ pk: `${ENTRY_PREFIX}${id}`, sk: 'ENTRY' });
/**
 * Every ledger transaction adds to the platform's totals: on one item they would serialise every
 * payment, completion, refund and payout. Split, concurrent entries rarely meet on one shard.
 */
export const BALANCE_SHARDS = 16;
export const platformBalancesKey = (shard = Math.floor(Math.random() * BALANCE_SHARDS)) => ({ pk: `LEDGER#BALANCES#${shard}`, sk: 'BALANCES' });
/** Every item the platform's totals are the sum of: the shards and the item from before the split. */
export const platformBalancesKeys = () => [{ pk: 'LEDGER', sk: 'BALANCES' }, ...Array.from({ length: BALANCE_SHARDS }, (_, shard) => platformBalancesKey(shard))];
export const tutorBalancesKey = (tutorId: string) => ({ pk: tutorPk(tutorId), sk: 'LEDGER' });
export const sourceKey = (reference: string) => ({ pk: `LEDGER#PAYMENT#${reference}`, sk: 'SOURCE' });
export const bookingPointerKey = (bookingId: string) => ({ pk: `LEDGER#BOOKING#${bookingId}`, sk: 'PAYMENT' });

/** gsi1: entries of a month by time (CSV export, the check); gsi2: a tutor's entries by time. */
export const monthPartition = (month: string) => `LEDGERMONTH#${month}`;
export const tutorEntriesPartition = (tutorId: string) => `TUTORLEDGER#${tutorId}`;
/** gsi3: tutors who may have money available for a payout (the weekly run's list). */
export const AVAILABLE_PARTITION = 'LEDGERAVAILABLE';

/** gsi1: payments whose earnings wait for the dispute window, by when it ends. */
export const PENDING_PARTITION = 'LEDGERPENDING';
export const pendingSortKey = (available: string, reference: string) => `${available}#${reference}`;

export function entryItem(entry: LedgerEntry) {
  const sortKey = `${entry.at}#${entry.entryId}`;
  return {
    ...entryKey(entry.entryId), entity: 'LedgerEntry', ...entry,
    gsi1pk: monthPartition(entry.at.slice(0, 7)), gsi1sk: sortKey,
    ...(entry.postings.some((p) => isTutorAccount(p.account)) ? { gsi2pk: tutorEntriesPartition(entry.tutorId), gsi2sk: sortKey } : {}),
  };
}

/** Sums of an entry's postings per account (an account posted twice adds up). */
export function postingTotals(postings: readonly Posting[]): Map<Account, number> {
  const totals = new Map<Account, number>();
  for (const p of postings) totals.set(p.account, (totals.get(p.account) ?? 0) + p.amountMinor);
  return totals;
}

/**
 * What a payout entry requires of the tutor's balances when it is written: `whole` (a new payout
 * takes exactly the available balance, read just before) or `atLeast` (a retried payout takes its
 * amount again), and in both cases nothing in flight (one open payout per tutor).
 */
export type TutorBalanceGuard = { availableIs: number } | { availableAtLeast: number };

/**
 * ADD of each account's amount to a balances item (the platform's or a tutor's). On a tutor's:
 * money entering available joins the available index; a `guard` adds its condition, and a
 * payout of the whole balance leaves the index.
 */
export function addToBalances(key: { pk: string; sk: string }, amounts: ReadonlyMap<Account, number>, at: string, tutorId?: string, guard?: TutorBalanceGuard) {
  const names: Record<string, string> = { '#u': 'updatedAt' };
  const values: Record<string, unknown> = { ':at': at };
  const adds = [...amounts].map(([account, amount], i) => {
    names[`#a${i}`] = account;
    values[`:a${i}`] = amount;
    return `#a${i} :a${i}`;
  });
  const sets = ['#u = :at'];
  let remove = '';
  let condition: string | undefined;
  if (tutorId && (amounts.get('tutor_available') ?? 0) > 0) {
    sets.push('gsi3pk = :avail', 'gsi3sk = :tutor');
    Object.assign(values, { ':avail': AVAILABLE_PARTITION, ':tutor': tutorId });
  }
  if (guard) {
    Object.assign(names, { '#avail': 'tutor_available', '#flight': 'tutor_in_flight' });
    values[':zero'] = 0;
    const open = '(attribute_not_exists(#flight) OR #flight = :zero)';
    if ('availableIs' in guard) {
      values[':need'] = guard.availableIs;
      condition = `#avail = :need AND ${open}`;
      remove = ' REMOVE gsi3pk, gsi3sk';
    } else {
      values[':need'] = guard.availableAtLeast;
      condition = `#avail >= :need AND ${open}`;
    }
  }
  return {
    Key: key,
    UpdateExpression: `SET ${sets.join(', ')} ADD ${adds.join(', ')}${remove}`,
    ...(condition ? { ConditionExpression: condition } : {}),
    ExpressionAttributeNames: names, ExpressionAttributeValues: values,
  };
}

const balance = z.number().int().default(0);
export const PlatformBalances = z.object({
  student_payments: balance, lessons_held: balance, platform_revenue: balance, refunds: balance,
  tutor_pending: balance, tutor_available: balance, tutor_in_flight: balance, tutor_paid_out: balance,
  updatedAt: z.string().optional(),
});
export type PlatformBalances = z.infer<typeof PlatformBalances>;
export const TutorBalances = z.object({
  tutor_pending: balance, tutor_available: balance, tutor_in_flight: balance, tutor_paid_out: balance,
});
export type TutorBalances = z.infer<typeof TutorBalances>;

/** The payment's source, written once with its first entry. */
export const sourcePut = (source: PaymentSource) => ({
  Put: {
    Item: {
      ...sourceKey(source.reference), entity: 'LedgerSource', ...source,
      ...(source.stage === 'pending' && source.availableAt ? { gsi1pk: PENDING_PARTITION, gsi1sk: pendingSortKey(source.availableAt, source.reference) } : {}),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const bookingPointerPut = (bookingId: string, reference: string) => ({
  Put: { Item: { ...bookingPointerKey(bookingId), entity: 'LedgerBookingPointer', reference }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** How a stage change treats the dispute hold read with the source (functions/disputes). */
export interface HoldSeen {
  /** The hold as read (none: the write requires that none was placed meanwhile). */
  hold?: string;
  /** The change ends the hold (a refund settles the dispute): it leaves, and a pending source rejoins the release index. */
  clearHold?: boolean;
}

/**
 * Moves a payment source on from `from` (the condition: nobody moved it meanwhile, nor placed or
 * lifted a hold), setting `changes`; a source entering `pending` joins the release index unless a
 * dispute holds it, one leaving it leaves.
 */
export function sourceStageUpdate(reference: string, from: SourceStage, changes: Partial<Omit<PaymentSource, 'reference' | 'hold'>>, seen: HoldSeen = {}) {
  const sets = Object.entries(changes).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = { '#stage': 'stage', '#hold': 'hold' };
  const values: Record<string, unknown> = { ':from': from };
  const parts = sets.map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:f${i}`] = value;
    return `#f${i} = :f${i}`;
  });
  const stage = changes.stage ?? from;
  const held = seen.hold !== undefined && !seen.clearHold;
  const removes: string[] = [];
  if (stage === 'pending' && changes.availableAt && !held) {
    parts.push('gsi1pk = :pending', 'gsi1sk = :due');
    values[':pending'] = PENDING_PARTITION;
    values[':due'] = pendingSortKey(changes.availableAt, reference);
  } else if (stage !== 'pending') removes.push('gsi1pk', 'gsi1sk');
  if (seen.hold !== undefined && seen.clearHold) removes.push('#hold');
  if (seen.hold !== undefined) values[':hold'] = seen.hold;
  return {
    Update: {
      Key: sourceKey(reference),
      UpdateExpression: `${parts.length ? `SET ${parts.join(', ')}` : ''}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `#stage = :from AND ${seen.hold === undefined ? 'attribute_not_exists(#hold)' : '#hold = :hold'}`,
      ExpressionAttributeNames: names, ExpressionAttributeValues: values,
    },
  };
}

/**
 * A dispute holds a held or pending source: it leaves the release index until the hold is
 * lifted. Only one hold at a time, and only on the stage it was read in.
 */
export const sourceHoldUpdate = (reference: string, from: 'held' | 'pending', holdId: string) => ({
  Update: {
    Key: sourceKey(reference),
    UpdateExpression: 'SET #hold = :hold REMOVE gsi1pk, gsi1sk',
    ConditionExpression: '#stage = :from AND attribute_not_exists(#hold)',
    ExpressionAttributeNames: { '#stage': 'stage', '#hold': 'hold' },
    ExpressionAttributeValues: { ':from': from, ':hold': holdId },
  },
});

/**
 * The hold is lifted without a refund (the dispute was decided for the tutor): a pending source
 * rejoins the release index at its own window's end, so the earnings follow the usual path.
 */
export function sourceHoldLiftUpdate(source: PaymentSource, holdId: string) {
  const rejoin = source.stage === 'pending' && source.availableAt;
  return {
    Update: {
      Key: sourceKey(source.reference),
      UpdateExpression: `${rejoin ? 'SET gsi1pk = :pending, gsi1sk = :due ' : ''}REMOVE #hold`,
      ConditionExpression: '#hold = :hold AND #stage = :stage',
      ExpressionAttributeNames: { '#stage': 'stage', '#hold': 'hold' },
      ExpressionAttributeValues: {
        ':hold': holdId, ':stage': source.stage,
        ...(rejoin ? { ':pending': PENDING_PARTITION, ':due': pendingSortKey(source.availableAt!, source.reference) } : {}),
      },
    },
  };
}

/** What a provider reconciliation compares: Paystack's charges, refunds and transfers. */
export const MISMATCH_SOURCES = ['charge', 'refund', 'transfer'] as const;
export type MismatchSource = (typeof MISMATCH_SOURCES)[number];
/**
 * missing: the provider did it, nothing here matches; amount: a match of another amount;
 * paid_after_failure: a transfer recorded failed that the provider completed (money left twice
 * if a retry was paid too).
 */
export const MISMATCH_KINDS = ['missing', 'amount', 'paid_after_failure'] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

export const ProviderMismatch = z.object({
  /** The provider's reference: the charge's, the refunded charge's, or the transfer's (one attempt of a payout). */
  reference: z.string(),
  source: z.enum(MISMATCH_SOURCES),
  kind: z.enum(MISMATCH_KINDS),
  /** What the provider moved, and what our records say (0: nothing), in minor units. */
  providerMinor: z.number().int(),
  recordedMinor: z.number().int(),
  /** Whose money: the tutor of a transfer, the payer of a charge, when known. */
  tutorId: z.string().optional(),
  studentId: z.string().optional(),
  flaggedAt: z.string(),
  resolvedAt: z.string().optional(),
  resolvedBy: z.string().optional(),
  resolutionNote: z.string().optional(),
});
export type ProviderMismatch = z.infer<typeof ProviderMismatch>;

export const MISMATCH_ENTITY = 'ProviderMismatch';
export const mismatchKey = (reference: string, source: MismatchSource) => ({ pk: `LEDGER#MISMATCH#${reference}`, sk: source });
export const mismatchPartition = (reference: string) => `LEDGER#MISMATCH#${reference}`;

/** A new mismatch, open in the problems index; one per reference and source (a second run finds it there). */
export const mismatchPut = (m: ProviderMismatch) => ({
  Put: {
    Item: { ...mismatchKey(m.reference, m.source), entity: MISMATCH_ENTITY, ...m, gsi1pk: OPEN_PROBLEMS_PARTITION, gsi1sk: `${m.flaggedAt}#${m.reference}` },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});
