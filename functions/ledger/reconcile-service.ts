/**
 * The provider reconciliation: what Paystack did in a window (its charges, refunds and
 * transfers, read page by page through the Paystack adapter's list calls, `from`/`to` bounding
 * their creation) against the ledger and the payment records (reconcile.ts says what matches).
 * Work is proportional to the window's volume: one list page per 100 provider items and one Get
 * by key per item. Run by the daily job (definitions.schedules `ledger-reconcile`), by
 * `npm run ledger:check -- --provider`, and after every run of the system tests.
 */
import { paymentProvider } from '../payments/paystack.js';
import type { ListPage, ListQuery } from '../payments/provider.js';
import { getPaymentAttempt, getRefund, lessonRefundsOf } from '../payments/service.js';
import { payoutTutor } from '../payouts/service.js';
import { transferAttempt } from '../payouts/rules.js';
import { entryId, type MismatchSource, type ProviderMismatch } from './keys.js';
import { chargeMismatch, refundMismatch, transferMismatch, type Mismatch } from './reconcile.js';
import { getEntry } from './repository.js';
import { flagProviderMismatch, planLessonReference } from './service.js';

const PER_PAGE = 100;

export interface ReconcileReport {
  from: string;
  to: string;
  /** Provider items compared (those that moved money: successful charges and transfers, processed refunds). */
  checked: Record<MismatchSource, number>;
  mismatches: ProviderMismatch[];
  /** Mismatches put on the problems list by this run (the others were there already, or `flag` was off). */
  flagged: number;
}

/** Every page of a provider list in the window. */
async function* everything<T>(list: (query: ListQuery) => Promise<ListPage<T>>, window: { from: Date; to: Date }, status?: string): AsyncGenerator<T> {
  for (let page = 1, pageCount = 1; page <= pageCount; page++) {
    const answer = await list({ ...window, page, perPage: PER_PAGE, ...(status ? { status } : {}) });
    pageCount = answer.pageCount;
    yield* answer.items;
    if (answer.items.length < PER_PAGE) break;
  }
}

/**
 * Compares the window; with `flag`, each mismatch goes on the super admins' payment problems list
 * (once per reference and source) and counts in the ProviderMismatch metric.
 */
export async function reconcileWithProvider(window: { from: Date; to: Date }, options: { flag: boolean; now?: Date }): Promise<ReconcileReport> {
  const provider = paymentProvider();
  const flaggedAt = (options.now ?? new Date()).toISOString();
  const report: ReconcileReport = {
    from: window.from.toISOString(), to: window.to.toISOString(), checked: { charge: 0, refund: 0, transfer: 0 }, mismatches: [], flagged: 0,
  };
  const found = async (source: MismatchSource, reference: string, providerMinor: number, mismatch: Mismatch | null, whose: { tutorId?: string; studentId?: string }) => {
    report.checked[source]++;
    if (!mismatch) return;
    const m: ProviderMismatch = { reference, source, ...mismatch, providerMinor, flaggedAt, ...whose };
    report.mismatches.push(m);
    if (options.flag && await flagProviderMismatch(m)) report.flagged++;
  };

  for await (const transfer of everything((q) => provider.listTransfers(q), window, 'success')) {
    if (transfer.status !== 'success') continue;
    const { reference, attempt } = transferAttempt(transfer.reference);
    const entry = await getEntry(entryId('payout_paid', `${reference}#${attempt}`));
    const tutorId = entry?.tutorId ?? await payoutTutor(reference);
    await found('transfer', transfer.reference, transfer.amountMinor, transferMismatch(transfer.amountMinor, entry), tutorId ? { tutorId } : {});
  }
  for await (const refund of everything((q) => provider.listRefunds(q), window)) {
    if (refund.status !== 'processed') continue;
    let [entry, record] = await Promise.all([getEntry(entryId('refund', refund.transactionReference)), getRefund(refund.transactionReference)]);
    if (!entry && !record && refund.refundReference) {
      // A weekly plan's payment is refunded lesson by lesson: Paystack's refund reference names which
      // (one Query of the payment's partition, ≤ 30 items); its ledger entry is the lesson's share's.
      const lesson = (await lessonRefundsOf(refund.transactionReference)).find((r) => r.refundReference === refund.refundReference);
      if (lesson) [entry, record] = [await getEntry(entryId('refund', planLessonReference(lesson.reference, lesson.bookingId))), lesson];
    }
    const whose = record ? { studentId: record.studentId } : {};
    await found('refund', refund.transactionReference, refund.amountMinor, refundMismatch(refund.amountMinor, entry, record), whose);
  }
  for await (const charge of everything((q) => provider.listTransactions(q), window, 'success')) {
    if (charge.status !== 'success') continue;
    const attempt = await getPaymentAttempt(charge.reference);
    await found('charge', charge.reference, charge.amountMinor, chargeMismatch(charge.amountMinor, attempt), attempt ? { studentId: attempt.studentId } : {});
  }
  return report;
}
