/**
 * The tutor earnings ledger (the tutor dashboard's "Earnings", the super admin
 * dashboard). Money is followed per payment from the student to the tutor:
 *
 *   payment (lesson)   student_payments −A, lessons_held +A           the lesson has not been taught
 *   payment (course)   student_payments −A, tutor_pending +share, platform_revenue +fee
 *   earned (lesson)    lessons_held −A, tutor_pending +share, platform_revenue +fee
 *                      when it completes, or when a late cancellation keeps the payment
 *   released           tutor_pending −share, tutor_available +share   after the dispute window
 *   refund             before the lesson: lessons_held −r; pending: tutor_pending and
 *                      platform_revenue in proportion; once available: platform_revenue −r
 *                      (the tutor keeps what was final; the platform bears a late refund);
 *                      and refunds +r each time
 *   payout             tutor_available −A, tutor_in_flight +A           a transfer was asked for
 *   payout_paid        tutor_in_flight −A, tutor_paid_out +A            Paystack: transfer.success
 *   payout_failed      tutor_in_flight (or tutor_paid_out, reversed) −A, tutor_available +A
 *                      (functions/payouts moves its payout item in the same transaction)
 *
 * Every entry is written once (its id is its kind and the payment's reference), with the
 * balances it moves, in one transaction; repeats and redeliveries change nothing.
 *
 * A dispute about a lesson (functions/disputes) holds its payment's source: out of the release
 * index until the dispute is decided (holdEarnings, liftHold) or its refund is recorded.
 */
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import { logger } from '../shared/logger.js';
import { getBooking } from '../bookings/service.js';
import { checkLedger, settledCheck, type LedgerCheck } from './check.js';
import type { EarningsHistoryLine, LedgerExport, LedgerExportQuery, PlatformLedger, TutorLedger } from './contract.js';
import { ledgerCsv } from './csv.js';
import {
  bookingPointerPut, entryId, postingTotals, sourceHoldLiftUpdate, sourceHoldUpdate, sourcePut, sourceStageUpdate, type LedgerEntry, type PaymentSource, type Posting,
  type ProviderMismatch, type TutorAccount, type TutorBalanceGuard, type TutorBalances,
} from './keys.js';
import {
  commitEntry, commitWrites, entriesBetween, getBookingReference, getPlatformBalances, getSource, getTutorBalances, pendingDueBy, readLedger,
  mismatchesOf, putMismatch, resolveMismatchRecord, tutorEntries, tutorEntriesSince, tutorsWithAvailable, type CommitOutcome, type SourceWrite,
} from './repository.js';
import { availableAt, disputeWindowHours, feeBasisPoints, isAvailable, lessonShares, refundSplit, splitPayment } from './rules.js';

/** A confirmed payment as PaymentConfirmed carries it. */
export interface ConfirmedPayment {
  reference: string;
  purpose: 'lesson' | 'course' | 'plan' | 'pack';
  tutorId: string;
  bookingId?: string;
  /** A plan instalment's lessons, each paid an equal share of it. */
  bookingIds?: string[];
  courseId?: string;
  /** A lesson pack: its money is held whole until its lessons are booked (functions/packs writes each lesson's source then). */
  packId?: string;
  amountMinor: number;
  paidAt: string;
}

const posting = (account: Posting['account'], amountMinor: number): Posting => ({ account, amountMinor });

/** Writes an entry; 'stale' (the source moved meanwhile) is tried again from a fresh read. */
async function withFreshSource(reference: string, attempt: (source: PaymentSource | null) => Promise<'written' | 'exists' | 'stale' | 'skip'>): Promise<void> {
  for (let tries = 0; tries < 5; tries++) {
    const outcome = await attempt(await getSource(reference));
    if (outcome !== 'stale') return;
  }
  throw new Error(`Ledger source ${reference} kept changing; the message will be retried`);
}

/** The ledger's name for one lesson's share of a plan instalment's payment (its source and booking pointer). */
export const planLessonReference = (reference: string, bookingId: string) => `${reference}/${bookingId}`;

export { lessonShares } from './rules.js';

/**
 * A payment enters the ledger (PaymentConfirmed, every purpose). A lesson's money is held until
 * it is taught; a course is earned when bought (nothing is left to deliver but the material it
 * already has), so its split is made now and its dispute window starts at the payment.
 */
export async function recordPayment(payment: ConfirmedPayment): Promise<void> {
  const base = { entryId: entryId('payment', payment.reference), kind: 'payment' as const, at: payment.paidAt, reference: payment.reference, tutorId: payment.tutorId };
  let entry: LedgerEntry;
  const writes: SourceWrite[] = [];
  if (payment.purpose === 'plan') {
    // One entry for the instalment's money, and a source and booking pointer per lesson
    // ({reference}/{bookingId}), so each lesson's completion, cancellation or refund moves only
    // that lesson's share, as for a single booking.
    const bookingIds = payment.bookingIds ?? [];
    if (!bookingIds.length) throw new Error(`Plan payment ${payment.reference} names no lessons`);
    entry = { ...base, postings: [posting('student_payments', -payment.amountMinor), posting('lessons_held', payment.amountMinor)] };
    lessonShares(payment.amountMinor, bookingIds.length).forEach((amountMinor, i) => {
      const bookingId = bookingIds[i]!;
      const reference = planLessonReference(payment.reference, bookingId);
      writes.push(
        sourcePut({ reference, purpose: 'lesson', tutorId: payment.tutorId, amountMinor, paidAt: payment.paidAt, stage: 'held', bookingId }),
        bookingPointerPut(bookingId, reference),
      );
    });
    const outcome = await commitEntry(entry, writes);
    if (outcome === 'stale') logger.info('Payment already in the ledger', { reference: payment.reference });
    return;
  }
  if (payment.purpose === 'pack') {
    // Held whole: each lesson booked from the pack gets its share as a source of its own
    // ({reference}/{bookingId}), written with the booking; a credit returned removes it again.
    entry = { ...base, postings: [posting('student_payments', -payment.amountMinor), posting('lessons_held', payment.amountMinor)] };
    const outcome = await commitEntry(entry, []);
    if (outcome === 'stale') logger.info('Payment already in the ledger', { reference: payment.reference });
    return;
  }
  const source: PaymentSource = {
    reference: payment.reference, purpose: payment.purpose, tutorId: payment.tutorId, amountMinor: payment.amountMinor, paidAt: payment.paidAt, stage: 'held',
    ...(payment.bookingId ? { bookingId: payment.bookingId } : {}), ...(payment.courseId ? { courseId: payment.courseId } : {}),
  };
  if (payment.purpose === 'course') {
    const bp = feeBasisPoints();
    const split = splitPayment(payment.amountMinor, bp);
    entry = {
      ...base, courseId: payment.courseId, feeBasisPoints: bp,
      postings: [posting('student_payments', -payment.amountMinor), posting('tutor_pending', split.tutorMinor), posting('platform_revenue', split.feeMinor)],
    };
    writes.push(sourcePut({
      ...source, stage: 'pending', ...split, feeBasisPoints: bp, earnedAt: payment.paidAt, availableAt: availableAt(payment.paidAt, disputeWindowHours()),
    }));
  } else {
    if (!payment.bookingId) throw new Error(`Lesson payment ${payment.reference} names no booking`);
    entry = { ...base, bookingId: payment.bookingId, postings: [posting('student_payments', -payment.amountMinor), posting('lessons_held', payment.amountMinor)] };
    writes.push(sourcePut(source), bookingPointerPut(payment.bookingId, payment.reference));
  }
  const outcome = await commitEntry(entry, writes);
  // The source exists without this entry only if it was written by this very entry: a 'stale'
  // here means the pointer or source is already there, i.e. the payment was recorded.
  if (outcome === 'stale') logger.info('Payment already in the ledger', { reference: payment.reference });
}

/**
 * The lesson a booking paid for was taught (LessonCompleted), or cancelled late so the student
 * keeps no refund (BookingCancelled): the money held is split between the tutor (pending until
 * the dispute window ends) and the platform's fee, at the fee configured now.
 */
export async function recordLessonEarned(bookingId: string, at: string): Promise<void> {
  const reference = await getBookingReference(bookingId);
  // A free trial has no payment and nothing to earn: the tutor chose to give it.
  if (!reference && (await getBooking(bookingId))?.amountMinor === 0) return;
  // The payment's own consumer has not run yet: failing lets the queue deliver this again later.
  if (!reference) throw new Error(`Booking ${bookingId} has no payment in the ledger yet`);
  await withFreshSource(reference, async (source) => {
    if (!source || source.stage !== 'held') return 'skip';
    const heldMinor = source.amountMinor - (source.refundedMinor ?? 0);
    const bp = feeBasisPoints();
    const split = splitPayment(heldMinor, bp);
    return commitEntry({
      entryId: entryId('earned', reference), kind: 'earned', at, reference, tutorId: source.tutorId, bookingId, feeBasisPoints: bp,
      postings: [posting('lessons_held', -heldMinor), posting('tutor_pending', split.tutorMinor), posting('platform_revenue', split.feeMinor)],
    }, [sourceStageUpdate(reference, 'held', { stage: 'pending', ...split, feeBasisPoints: bp, earnedAt: at, availableAt: availableAt(at, disputeWindowHours()) }, { hold: source.hold })]);
  });
}

/** Makes one payment's pending earnings available if its window has ended (safe to repeat). */
async function releaseOne(reference: string, now: Date): Promise<boolean> {
  let released = false;
  await withFreshSource(reference, async (source) => {
    // A disputed payment is out of the release index; one read just before its hold is skipped too.
    if (!source || source.stage !== 'pending' || source.hold || !source.availableAt || !isAvailable(source.availableAt, now)) return 'skip';
    const share = source.tutorMinor ?? 0;
    const outcome = await commitEntry({
      entryId: entryId('released', reference), kind: 'released', at: source.availableAt, reference, tutorId: source.tutorId,
      ...(source.bookingId ? { bookingId: source.bookingId } : {}), ...(source.courseId ? { courseId: source.courseId } : {}),
      postings: [posting('tutor_pending', -share), posting('tutor_available', share)],
    }, [sourceStageUpdate(reference, 'pending', { stage: 'available' })]);
    released = outcome === 'written';
    return outcome;
  });
  return released;
}

/** Batch size of a release run; a run releases what is due, page by page, until none is left. */
const RELEASE_BATCH = 100;

/** The release job: every payment whose dispute window ended by `now` becomes available. */
export async function releaseDueEarnings(now: Date): Promise<{ released: number }> {
  let released = 0;
  for (;;) {
    const due = await pendingDueBy(now, RELEASE_BATCH);
    for (const reference of due) if (await releaseOne(reference, now)) released++;
    if (due.length < RELEASE_BATCH) return { released };
  }
}

/** A refund the provider has processed, as payments knows it. */
export interface ProcessedRefund {
  reference: string;
  refundMinor: number;
  at: string;
  /** The payment refunded, in case its own PaymentConfirmed consumer has not run yet. */
  payment: ConfirmedPayment;
}

/**
 * Money went back to the student (once per payment): where it comes from depends on the stage. A
 * refund settles a dispute's hold: what is left of a partly refunded payment follows the usual
 * pending → available path.
 */
export async function recordRefund(refund: ProcessedRefund): Promise<void> {
  if (!(await getSource(refund.reference))) await recordPayment(refund.payment);
  const { reference, refundMinor: r, at } = refund;
  await withFreshSource(reference, async (source) => {
    if (!source || source.stage === 'refunded') return 'skip';
    const base = {
      entryId: entryId('refund', reference), kind: 'refund' as const, at, reference, tutorId: source.tutorId,
      ...(source.bookingId ? { bookingId: source.bookingId } : {}), ...(source.courseId ? { courseId: source.courseId } : {}),
    };
    const whole = r >= source.amountMinor - (source.refundedMinor ?? 0);
    const settled = { hold: source.hold, clearHold: true };
    if (source.stage === 'held') {
      return commitEntry({ ...base, postings: [posting('lessons_held', -r), posting('refunds', r)] },
        [sourceStageUpdate(reference, 'held', { refundedMinor: r, ...(whole ? { stage: 'refunded' as const } : {}) }, settled)]);
    }
    if (source.stage === 'pending') {
      const split = { feeMinor: source.feeMinor ?? 0, tutorMinor: source.tutorMinor ?? 0 };
      const back = refundSplit(split, r);
      return commitEntry({ ...base, postings: [posting('tutor_pending', -back.tutorMinor), posting('platform_revenue', -back.feeMinor), posting('refunds', r)] },
        [sourceStageUpdate(reference, 'pending', {
          refundedMinor: r, feeMinor: split.feeMinor - back.feeMinor, tutorMinor: split.tutorMinor - back.tutorMinor,
          ...(whole ? { stage: 'refunded' as const } : { availableAt: source.availableAt }),
        }, settled)]);
    }
    // Available (or paid out): the tutor's money is final; the platform gives it back from its fees.
    return commitEntry({ ...base, postings: [posting('platform_revenue', -r), posting('refunds', r)] },
      [sourceStageUpdate(reference, 'available', { refundedMinor: r }, settled)]);
  });
}

// ---- Disputes (functions/disputes decides; the ledger keeps a disputed lesson's earnings where they are) ----

/** The lesson's payment as the ledger has it (stage, split, hold), or null before it was recorded. */
export async function lessonPaymentSource(bookingId: string): Promise<PaymentSource | null> {
  const reference = await getBookingReference(bookingId);
  return reference ? getSource(reference) : null;
}

/** The payment as the ledger has it, by its reference. */
export const paymentSource = (reference: string): Promise<PaymentSource | null> => getSource(reference);

/**
 * Writes `writes` (the dispute's own items) together with whatever the source's state asks of
 * `sourceWrite` (null: nothing to change in the ledger), all or nothing, reading the source again
 * when it moved meanwhile. 'refused': one of `writes` failed its own condition; nothing was written.
 */
async function withSourceWrite(bookingId: string, writes: SourceWrite[], sourceWrite: (source: PaymentSource) => SourceWrite | null): Promise<'written' | 'refused'> {
  const reference = await getBookingReference(bookingId);
  for (let tries = 0; tries < 5; tries++) {
    const source = reference ? await getSource(reference) : null;
    const own = source ? sourceWrite(source) : null;
    const failed = await commitWrites([...writes, ...(own ? [own] : [])]);
    if (failed === null) return 'written';
    if (failed >= 0 && failed < writes.length) return 'refused';
    if (!own) throw new Error(`Writes for booking ${bookingId} were cancelled without a failed condition`);
  }
  throw new Error(`Ledger source of booking ${bookingId} kept changing; try again`);
}

/**
 * A dispute about a lesson holds its earnings: a held or pending source leaves the release index
 * (ledger-release cannot make the tutor's share available) until the dispute is decided. Money
 * already available (the window is over) or refunded is not held; the dispute is written anyway.
 */
export function holdEarnings(bookingId: string, holdId: string, writes: SourceWrite[]): Promise<'written' | 'refused'> {
  return withSourceWrite(bookingId, writes, (source) =>
    (source.stage === 'held' || source.stage === 'pending') && source.hold === undefined ? sourceHoldUpdate(source.reference, source.stage, holdId) : null);
}

/**
 * The dispute was decided for the tutor: its hold is lifted, and the earnings go on from where
 * they are (pending until their own window's end, then available).
 */
export function liftHold(bookingId: string, holdId: string, writes: SourceWrite[]): Promise<'written' | 'refused'> {
  return withSourceWrite(bookingId, writes, (source) => (source.hold === holdId ? sourceHoldLiftUpdate(source, holdId) : null));
}

// ---- Payouts (functions/payouts decides when; the ledger records the money's moves) ----

/** One move of a payout's money between a tutor's accounts. */
export interface PayoutMove {
  kind: 'payout' | 'payout_paid' | 'payout_failed';
  /** The payout's reference and, for moves made again on a retry, its attempt: the entry's id. */
  reference: string;
  attempt: number;
  tutorId: string;
  amountMinor: number;
  at: string;
  from: TutorAccount;
  to: TutorAccount;
}

/**
 * Writes a payout move once (entry id: kind, reference, attempt) with the balances it moves and
 * `payoutWrites` (the payout item's conditional Put/Update), all or nothing. `guard` is the
 * condition a new payout puts on the tutor's balances. 'stale': a condition failed (the balance
 * or the payout changed meanwhile, or another payout is open).
 */
export async function recordPayoutMove(move: PayoutMove, payoutWrites: SourceWrite[], guard?: TutorBalanceGuard): Promise<CommitOutcome> {
  return commitEntry({
    entryId: entryId(move.kind, `${move.reference}#${move.attempt}`), kind: move.kind, at: move.at, reference: move.reference, tutorId: move.tutorId,
    postings: [posting(move.from, -move.amountMinor), posting(move.to, move.amountMinor)],
  }, payoutWrites, guard);
}

export const tutorBalances = (tutorId: string): Promise<TutorBalances> => getTutorBalances(tutorId);

// ---- Provider mismatches (reconcile-service.ts finds them; payouts reports a transfer paid after its failure) ----

/**
 * Puts a mismatch on the super admins' payment problems list (once per reference and source: a
 * second run, or a replayed webhook, adds nothing) and counts it: the ProviderMismatch alarm.
 * True when it is new.
 */
export async function flagProviderMismatch(mismatch: ProviderMismatch): Promise<boolean> {
  const created = await putMismatch(mismatch);
  if (created) {
    countBusinessEvent(BusinessMetric.providerMismatch);
    logger.error('Paystack and the ledger disagree', { ...mismatch });
  }
  return created;
}

/** A reference's mismatches (the problems list names each by its reference). */
export const providerMismatches = (reference: string): Promise<ProviderMismatch[]> => mismatchesOf(reference);

/** Takes a reference's open mismatches off the problems list; false when none was open. */
export async function resolveProviderMismatches(reference: string, resolution: { by: string; note: string; at: string }): Promise<boolean> {
  let resolved = false;
  for (const m of await mismatchesOf(reference)) {
    if (!m.resolvedAt && await resolveMismatchRecord(reference, m.source, resolution)) resolved = true;
  }
  return resolved;
}
export { tutorsWithAvailable };
export type { CommitOutcome, SourceWrite };

// ---- Reading the ledger (tutor Earnings tab, super admin dashboard) ----

const HISTORY_LINES = 50;
const EXPORT_CAP = 10_000;
const percent = (bp: number) => bp / 100;

function historyLine(entry: LedgerEntry): EarningsHistoryLine {
  const totals = postingTotals(entry.postings);
  const fee = totals.get('platform_revenue');
  return {
    entryId: entry.entryId, kind: entry.kind, at: entry.at, reference: entry.reference,
    ...(entry.bookingId ? { bookingId: entry.bookingId } : {}), ...(entry.courseId ? { courseId: entry.courseId } : {}),
    ...(entry.feeBasisPoints !== undefined ? {
      grossMinor: (totals.get('tutor_pending') ?? 0) + (fee ?? 0), feeMinor: fee ?? 0, feePercent: percent(entry.feeBasisPoints),
    } : {}),
    pendingMinor: totals.get('tutor_pending') ?? 0,
    availableMinor: totals.get('tutor_available') ?? 0,
    ...(entry.kind.startsWith('payout') ? { payoutMinor: Math.abs(entry.postings[0]?.amountMinor ?? 0) } : {}),
  };
}

/**
 * A release moves a sale's share from pending to available: no new money. When the sale's own line
 * is on the page, the release is folded into it (`availableSince`) instead of standing as a second
 * credit of the same amount; a release whose sale is older than the page stays a line of its own.
 */
export function foldReleases(lines: EarningsHistoryLine[]): EarningsHistoryLine[] {
  const sales = new Map(lines.filter((l) => l.kind === 'earned' || l.kind === 'payment').map((l) => [l.reference, l]));
  const releasedAt = new Map<string, string>();
  for (const l of lines) if (l.kind === 'released' && sales.get(l.reference)?.pendingMinor === -l.pendingMinor) releasedAt.set(l.reference, l.at);
  return lines.flatMap((l) => {
    const at = releasedAt.get(l.reference);
    if (at === undefined) return [l];
    return l.kind === 'released' ? [] : l.kind === 'earned' || l.kind === 'payment' ? [{ ...l, availableSince: at }] : [l];
  });
}

/** The signed-in tutor's money: balances, the fee, and the last 50 movements. */
export async function tutorLedger(tutorId: string): Promise<TutorLedger> {
  const [balances, entries] = await Promise.all([getTutorBalances(tutorId), tutorEntries(tutorId, HISTORY_LINES)]);
  return {
    pendingMinor: balances.tutor_pending, availableMinor: balances.tutor_available,
    inFlightMinor: balances.tutor_in_flight, paidOutMinor: balances.tutor_paid_out,
    feePercent: percent(feeBasisPoints()), disputeWindowHours: disputeWindowHours(),
    history: foldReleases(entries.map(historyLine)),
  };
}

/**
 * The tutor's share earned (after the fee, net of refunds inside the dispute window) per month
 * from `fromMonth` (yyyy-mm), and in all: the tutor dashboard's stat cards.
 */
export async function tutorShareByMonth(tutorId: string, fromMonth: string): Promise<{ totalMinor: number; byMonth: Map<string, number> }> {
  const [balances, entries] = await Promise.all([getTutorBalances(tutorId), tutorEntriesSince(tutorId, `${fromMonth}-01`)]);
  const byMonth = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'payment' && entry.kind !== 'earned' && entry.kind !== 'refund') continue;
    const share = postingTotals(entry.postings).get('tutor_pending') ?? 0;
    const month = entry.at.slice(0, 7);
    byMonth.set(month, (byMonth.get(month) ?? 0) + share);
  }
  const totalMinor = balances.tutor_pending + balances.tutor_available + balances.tutor_in_flight + balances.tutor_paid_out;
  return { totalMinor, byMonth };
}

/** The super admin's figures: one read of the maintained totals. */
export async function platformLedger(): Promise<PlatformLedger> {
  const b = await getPlatformBalances();
  return {
    paymentsMinor: -b.student_payments, platformRevenueMinor: b.platform_revenue, lessonsHeldMinor: b.lessons_held,
    heldForTutorsMinor: b.tutor_pending + b.tutor_available + b.tutor_in_flight,
    tutorPendingMinor: b.tutor_pending, tutorAvailableMinor: b.tutor_available, payoutsInFlightMinor: b.tutor_in_flight,
    paidOutMinor: b.tutor_paid_out, refundsMinor: b.refunds,
    feePercent: percent(feeBasisPoints()), disputeWindowHours: disputeWindowHours(),
  };
}

/** Months `yyyy-mm` from the month of `from` to the month of `to`, inclusive. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    months.push(month);
    if (month >= last) return months;
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
}

/** Entries of whole UTC days `from` to `to` (included), as CSV. */
export async function exportLedger(query: LedgerExportQuery): Promise<LedgerExport> {
  const end = new Date(Date.parse(query.to) + 86_400_000).toISOString();
  const entries = await entriesBetween(`${query.from}T00:00:00.000Z`, end, monthsBetween(query.from, query.to), EXPORT_CAP + 1);
  const truncated = entries.length > EXPORT_CAP;
  return { from: query.from, to: query.to, ...ledgerCsv(entries.slice(0, EXPORT_CAP)), truncated };
}

/**
 * How far back and ahead the check reads month partitions: the product's whole life so far, and
 * the days ahead that jobs run on a controlled clock (tests) may date entries in.
 */
const CHECK_YEARS_BACK = 5;
const CHECK_MONTHS_AHEAD = 12;

/**
 * npm run ledger:check, the admin's check and the tests: reads the whole ledger, month by month,
 * and checks it. The table is live: an entry committed between reading the entries and reading
 * the balances makes one read disagree with the other, so a disagreement is read again
 * (settledCheck); a real imbalance is in every read and is reported.
 */
export async function runLedgerCheck(now = new Date()): Promise<LedgerCheck> {
  const from = new Date(Date.UTC(now.getUTCFullYear() - CHECK_YEARS_BACK, now.getUTCMonth(), 1)).toISOString();
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + CHECK_MONTHS_AHEAD, 1)).toISOString();
  const months = monthsBetween(from, to);
  return settledCheck(async () => checkLedger(await readLedger(months)));
}
