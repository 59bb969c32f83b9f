/**
 * Payouts: a tutor's whole available balance sent to their payout recipient
 * through Paystack Transfers, on the tutor's Withdraw or the weekly run.
 *
 *   start    the payout item and the ledger's available → in flight are written in ONE
 *            transaction, conditioned on the balance read (the whole of it, so never below zero)
 *            and on nothing in flight: two runs at once make one payout
 *   send     POST /transfer with the attempt's transfer reference (rules.transferReference);
 *            the answer's transfer code is kept. A call that failed leaves the payout processing
 *            with `sendError`: the weekly run or a super admin sends it again with the SAME
 *            reference (Paystack dedupes by it)
 *   settle   transfer.success → paid (in flight → paid out); transfer.failed / reversed →
 *            failed with Paystack's reason (back to available); each once, with its entry. A
 *            webhook settles only the attempt its reference names: a late report of an earlier
 *            attempt never moves a later one
 *   late     a success after a recorded failure (of this attempt, or of an earlier one a retry
 *            followed) is money that left: available → paid out, and a super admin is told
 *   retry    a super admin: Paystack is asked first (GET /transfer/verify); a failed payout
 *            takes its amount from available again as a new attempt, a new transfer under the
 *            attempt's own reference (Paystack refuses a reference it already holds)
 */
import { randomBytes } from 'node:crypto';
import { flagProviderMismatch, recordPayoutMove, tutorBalances, tutorsWithAvailable, type PayoutMove } from '../ledger/service.js';
import { PaystackError, paymentProvider } from '../payments/paystack.js';
import type { PaystackTransferWebhook, ProviderTransfer } from '../payments/provider.js';
import { toProviderTransfer } from '../payments/provider.js';
import { getProfile, getProfiles } from '../profiles/service.js';
import { kshMinor } from '../shared/display.js';
import { BusinessRuleViolated, Conflict, NotFound, ProviderFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import { enqueueWork } from '../shared/work-queue.js';
import type { AuthUser } from '../shared/http.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { logger } from '../shared/logger.js';
import { inLanguage } from '../shared/messages.js';
import type { AdminPayouts, AdminPayoutView, MyPayouts, PayoutOutcome, PayoutView } from './contract.js';
import { payoutPut, payoutUpdate, type Payout, type PayoutStatus } from './keys.js';
import { getPayoutRecipient } from './recipients.js';
import { getPayout, payoutsByStatus, tutorPayouts, updateProcessingPayout } from './repository.js';
import { payoutBlock, payoutMinimumMinor, payoutReference, runPayoutReference, transferAttempt, transferOutcome, transferReference, type PayoutBlock } from './rules.js';
import type { PayoutWork } from './workers/payout-work-contract.js';

export const payoutMessages = {
  no_kyc: 'Payouts start once your identity documents are approved.',
  no_details: 'Add your payout details (M-Pesa number or bank account) before withdrawing.',
  below_minimum: 'You can withdraw once at least {minimum} is available.',
  in_flight: 'A payout is already on its way. You can withdraw again once it has arrived.',
  notFound: 'Payout not found',
  alreadyPaid: 'This payout has already been paid.',
  stillProcessing: 'Paystack is still processing this payout.',
  notCovered: 'The tutor\'s available balance no longer covers this payout.',
  providerDown: 'Paystack did not answer. Please try again in a few minutes.',
} as const;

/** Narration the recipient sees on their M-Pesa or bank statement. */
const TRANSFER_REASON = 'Africa\'s Learning Platform tutor payout';
const HISTORY = 20;
const ADMIN_LIST = 100;

/** The refusal, its amount written in the caller's language (httpRoute translates the sentence). */
const blockMessage = (block: PayoutBlock, language: Language) =>
  payoutMessages[block].replace('{minimum}', kshMinor(payoutMinimumMinor(), 'KES', language));

/** Why a transfer failed when Paystack gives no reason of its own (kept in English; shown in the reader's language). */
export const transferMessages = { failed: 'The transfer failed', reversed: 'The transfer was reversed' } as const;

/**
 * A payout as the API shows it. The failure reason is a sentence (ours, or Paystack's own, which
 * the catalog does not know and leaves as it is): httpRoute translates only `message` and errors.
 */
function view(p: Payout, language: Language = DEFAULT_LANGUAGE): PayoutView {
  return {
    reference: p.reference, amountMinor: p.amountMinor, status: p.status, trigger: p.trigger, createdAt: p.createdAt, updatedAt: p.updatedAt,
    attempt: p.attempt,
    ...(p.paidAt ? { paidAt: p.paidAt } : {}), ...(p.failedAt ? { failedAt: p.failedAt } : {}),
    ...(p.failureReason ? { failureReason: inLanguage(p.failureReason, language) } : {}), ...(p.sendError ? { sendError: p.sendError } : {}),
  };
}

/** What stands between a tutor and a payout now, with what a payout needs. */
async function eligibility(tutorId: string) {
  const [profile, recipient, balances] = await Promise.all([getProfile(tutorId), getPayoutRecipient(tutorId), tutorBalances(tutorId)]);
  const block = payoutBlock({
    kycApproved: profile?.kycStatus === 'approved', hasRecipient: Boolean(recipient),
    availableMinor: balances.tutor_available, inFlightMinor: balances.tutor_in_flight, minimumMinor: payoutMinimumMinor(),
  });
  return { block, recipient, balances };
}

/** The tutor's Earnings tab: can they withdraw, and their payouts. */
export async function myPayouts(tutorId: string, language: Language = DEFAULT_LANGUAGE): Promise<MyPayouts> {
  const [{ block, balances, recipient }, payouts] = await Promise.all([eligibility(tutorId), tutorPayouts(tutorId, HISTORY)]);
  return {
    minimumMinor: payoutMinimumMinor(), availableMinor: balances.tutor_available, inFlightMinor: balances.tutor_in_flight,
    ...(block ? { blockedBy: block } : {}),
    ...(recipient ? { destination: { institution: recipient.institution, maskedNumber: recipient.maskedNumber } } : {}),
    payouts: payouts.map((p) => view(p, language)),
  };
}

const move = (p: Payout, kind: PayoutMove['kind'], from: PayoutMove['from'], to: PayoutMove['to'], at: string, attempt = p.attempt): PayoutMove =>
  ({ kind, reference: p.reference, attempt, tutorId: p.tutorId, amountMinor: p.amountMinor, at, from, to });

/**
 * Opens a payout of the tutor's whole available balance, or says why not. A lost race (the
 * balance moved, another payout opened) is read again: the second of two runs sees `in_flight`.
 */
async function startPayout(
  tutorId: string, trigger: Payout['trigger'], now: Date, reference = payoutReference(now, randomBytes(5).toString('hex')),
): Promise<{ payout: Payout } | { block: PayoutBlock } | { exists: Payout }> {
  for (let tries = 0; tries < 3; tries++) {
    const { block, recipient, balances } = await eligibility(tutorId);
    if (block) return { block };
    const at = now.toISOString();
    const payout: Payout = {
      reference, tutorId, amountMinor: balances.tutor_available, status: 'processing', trigger,
      recipientCode: recipient!.recipientCode, attempt: 1, createdAt: at, updatedAt: at,
    };
    const outcome = await recordPayoutMove(move(payout, 'payout', 'tutor_available', 'tutor_in_flight', at), [payoutPut(payout)], { availableIs: payout.amountMinor });
    if (outcome === 'written') return { payout: await sendTransfer(payout, now) };
    // This reference's payout is already open: another delivery of the same run's message.
    if (outcome === 'exists') {
      const existing = await getPayout(reference);
      if (existing) return { exists: existing };
    }
  }
  throw new Error(`Tutor ${tutorId}'s balance kept changing while a payout was opened`);
}

/** The transfer reference of the payout's current attempt. */
const currentTransfer = (p: Payout) => transferReference(p.reference, p.attempt);

/** Asks Paystack to send the payout's attempt (its reference, every time) and records the answer. */
async function sendTransfer(payout: Payout, now: Date): Promise<Payout> {
  try {
    const answer = await paymentProvider().initiateTransfer({
      reference: currentTransfer(payout), amountMinor: payout.amountMinor, recipientCode: payout.recipientCode, reason: TRANSFER_REASON,
    });
    // Paystack already has it (an earlier call's answer was lost): its state is the truth.
    const transfer = answer === 'duplicate' ? await paymentProvider().verifyTransfer(currentTransfer(payout)) : answer;
    if (!transfer) throw new Error('Paystack refused the reference as a duplicate but does not know it');
    return await applyTransfer(payout, transfer, now);
  } catch (error) {
    const message = error instanceof PaystackError ? error.providerMessage ?? error.message : (error as Error).message;
    logger.error('A payout transfer could not be sent; it stays in flight and is sent again', { reference: payout.reference, message });
    return (await updateProcessingPayout(payout, { sendError: message, updatedAt: now.toISOString() }, [])) ?? (await getPayout(payout.reference)) ?? payout;
  }
}

/** Moves a payout to what Paystack reports of its transfer (each settlement once). */
async function applyTransfer(payout: Payout, transfer: ProviderTransfer, now: Date): Promise<Payout> {
  const outcome = transferOutcome(transfer.status);
  if (outcome === 'paid') return settle(payout, 'paid', now, transfer);
  if (outcome === 'failed') return settle(payout, 'failed', now, transfer);
  const sent = await updateProcessingPayout(payout, {
    updatedAt: now.toISOString(), ...(transfer.transferCode ? { transferCode: transfer.transferCode } : {}),
  }, ['sendError']);
  return sent ?? (await getPayout(payout.reference)) ?? payout;
}

/**
 * Paid: in flight → paid out. Failed: back to available, from in flight, or from paid out when
 * Paystack reversed a paid transfer. The payout's move and its entry are one transaction; a
 * replay finds the payout already there and only publishes again (the e-mail is sent once).
 */
async function settle(payout: Payout, to: 'paid' | 'failed', now: Date, transfer: ProviderTransfer): Promise<Payout> {
  const at = now.toISOString();
  const reason = transfer.failureReason ?? (transfer.status === 'reversed' ? transferMessages.reversed : transferMessages.failed);
  let current: Payout | null = payout;
  for (let tries = 0; current && tries < 3; tries++) {
    const from: PayoutStatus = current.status;
    // Paid stays paid unless Paystack reversed it; a success after a failure is reconcileLateSuccess's.
    if (from === to || (from === 'failed' && to === 'paid') || (from === 'paid' && transfer.status !== 'reversed')) break;
    const code = transfer.transferCode ? { transferCode: transfer.transferCode } : {};
    const outcome = to === 'paid'
      ? await recordPayoutMove(move(current, 'payout_paid', 'tutor_in_flight', 'tutor_paid_out', at),
        [payoutUpdate(current, from, { status: 'paid', paidAt: at, updatedAt: at, ...code }, ['sendError'])])
      : await recordPayoutMove(move(current, 'payout_failed', from === 'paid' ? 'tutor_paid_out' : 'tutor_in_flight', 'tutor_available', at),
        [payoutUpdate(current, from, { status: 'failed', failedAt: at, failureReason: reason, updatedAt: at, ...code }, ['sendError'])]);
    current = await getPayout(payout.reference);
    if (outcome === 'written') break;
  }
  if (current?.status === to) await publishSettled(current);
  return current ?? payout;
}

/**
 * Paystack completed a transfer that the payout has as failed: its own failure reported first, or
 * an earlier attempt that a retry followed. The money did leave, so it moves from available to paid
 * out (that attempt's payout_paid entry, once: a replay finds it written); the payout shows paid
 * when it is its current attempt. The tutor's available may go below zero (a later attempt paid
 * them again): a super admin is told, to recover it.
 */
async function reconcileLateSuccess(payout: Payout, attempt: number, transfer: ProviderTransfer, now: Date): Promise<boolean> {
  const at = now.toISOString();
  let current: Payout | null = payout;
  for (let tries = 0; current && tries < 3; tries++) {
    const own = current.attempt === attempt;
    if (own && current.status !== 'failed') return false;
    const code = transfer.transferCode ? { transferCode: transfer.transferCode } : {};
    const outcome = await recordPayoutMove(move(current, 'payout_paid', 'tutor_available', 'tutor_paid_out', at, attempt),
      own ? [payoutUpdate(current, 'failed', { status: 'paid', paidAt: at, updatedAt: at, ...code }, ['failureReason'])] : []);
    if (outcome === 'exists') return false;
    if (outcome === 'written') {
      logger.error('Paystack paid a payout transfer recorded as failed', { reference: payout.reference, attempt, tutorId: payout.tutorId });
      await flagProviderMismatch({
        source: 'transfer', kind: 'paid_after_failure', reference: transferReference(payout.reference, attempt), tutorId: payout.tutorId,
        providerMinor: transfer.amountMinor, recordedMinor: payout.amountMinor, flaggedAt: at,
      });
      const after = await getPayout(payout.reference);
      if (own && after?.status === 'paid') await publishSettled(after);
      return true;
    }
    current = await getPayout(payout.reference);
  }
  return false;
}

async function publishSettled(p: Payout): Promise<void> {
  const base = { reference: p.reference, tutorId: p.tutorId, amountMinor: p.amountMinor };
  if (p.status === 'paid') await publishEvent('PayoutPaid', { ...base, occurredAt: p.paidAt ?? p.updatedAt });
  else await publishEvent('PayoutFailed', { ...base, reason: p.failureReason ?? transferMessages.failed, occurredAt: p.failedAt ?? p.updatedAt });
}

/** The tutor's Withdraw: 422 with the reason when they cannot, 409 when a payout is on its way. */
export async function withdraw(user: AuthUser, now = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<PayoutView> {
  const started = await startPayout(user.id, 'withdraw', now);
  if ('exists' in started) return view(started.exists);
  if ('block' in started) {
    if (started.block === 'in_flight') throw new Conflict('payout_in_flight', payoutMessages.in_flight);
    throw new BusinessRuleViolated(`payout_${started.block}`, blockMessage(started.block, language));
  }
  return view(started.payout);
}

/** A payout still processing whose transfer call failed, or whose answer was never recorded: send again. */
const needsSending = (p: Payout) => p.status === 'processing' && Boolean(p.sendError || !p.transferCode);

/**
 * The weekly run (definitions.schedules `payouts-weekly`): finds the work by key and sends it to
 * the `payout-work` queue, whose worker (payTutorForRun, resendPayout) does each piece with
 * bounded concurrency. First the payouts whose transfer call failed (resent), then one message per
 * tutor with money available (the ledger's LEDGERAVAILABLE index, a page at a time). Safe to run
 * twice: a tutor's payout of a run has one reference, and none opens while another is in flight.
 */
export async function runWeeklyPayouts(now: Date): Promise<Record<string, number>> {
  const at = now.toISOString();
  const resends: PayoutWork[] = (await payoutsByStatus('processing', ADMIN_LIST)).filter(needsSending)
    .map((p) => ({ kind: 'resend', reference: p.reference, at }));
  const counts = { resends_queued: await enqueueWork('payout-work', resends), tutors_queued: 0 };
  let after: string | undefined;
  do {
    const page = await tutorsWithAvailable(100, after);
    counts.tutors_queued += await enqueueWork('payout-work', page.tutorIds.map((tutorId): PayoutWork => ({ kind: 'pay', tutorId, at })));
    after = page.next;
  } while (after);
  return counts;
}

export type RunPayoutOutcome = 'started' | 'exists' | PayoutBlock;

/**
 * One tutor's payout of the weekly run at `runAt` (the `payout-work` worker): their whole
 * available balance if eligible, under the run's reference for them. A redelivered message finds
 * that payout and only sends it again when its transfer call never got an answer (Paystack dedupes
 * by the reference): one payout, one transfer, however often the message arrives.
 */
export async function payTutorForRun(tutorId: string, runAt: Date): Promise<RunPayoutOutcome> {
  const reference = runPayoutReference(runAt, tutorId);
  const existing = await getPayout(reference);
  let outcome: RunPayoutOutcome;
  if (existing) {
    if (needsSending(existing)) await sendTransfer(existing, runAt);
    outcome = 'exists';
  } else {
    const started = await startPayout(tutorId, 'weekly', runAt, reference);
    outcome = 'payout' in started ? 'started' : 'exists' in started ? 'exists' : started.block;
  }
  logger.info('Weekly payout', { tutorId, reference, outcome });
  return outcome;
}

/** Sends again a payout the weekly run found unsent (the `payout-work` worker); nothing when it has moved on since. */
export async function resendPayout(reference: string, now: Date): Promise<boolean> {
  const payout = await getPayout(reference);
  if (!payout || !needsSending(payout)) return false;
  await sendTransfer(payout, now);
  return true;
}

/**
 * A verified transfer.* webhook (signature checked by the payments webhook), applied to the attempt
 * its reference names. A report of an earlier attempt changes nothing, unless it is a success:
 * that money left too (reconcileLateSuccess).
 */
export async function applyTransferWebhook(event: PaystackTransferWebhook, now = new Date()): Promise<PayoutOutcome> {
  const { reference, attempt } = transferAttempt(event.data.reference);
  const payout = await getPayout(reference);
  if (!payout || attempt > payout.attempt) {
    logger.warn('Transfer webhook for a payout we did not make', { reference: event.data.reference });
    return 'unknown_payout';
  }
  if (event.data.amount !== payout.amountMinor) {
    logger.error('Transfer webhook amount differs from the payout', { reference: event.data.reference, payout: payout.amountMinor, got: event.data.amount });
    return 'payout_unchanged';
  }
  const transfer = toProviderTransfer(event.data);
  // The event names the outcome even when `data.status` lags behind it.
  const status = event.event === 'transfer.success' ? 'success' : event.event === 'transfer.reversed' ? 'reversed' : 'failed';
  const earlier = attempt < payout.attempt;
  // Same reference, another transfer: Paystack's code for this attempt is the one it answered.
  const otherTransfer = !earlier && payout.transferCode && transfer.transferCode && transfer.transferCode !== payout.transferCode;
  if (otherTransfer) {
    logger.error('Transfer webhook names another transfer than the attempt sent', { reference: event.data.reference, sent: payout.transferCode, got: transfer.transferCode });
    return 'payout_unchanged';
  }
  if (status === 'success' && (earlier || payout.status === 'failed')) {
    return (await reconcileLateSuccess(payout, attempt, { ...transfer, status }, now)) ? 'payout_reconciled' : 'payout_unchanged';
  }
  if (earlier) {
    logger.warn('Transfer webhook of an earlier attempt: the payout has moved on', { reference: event.data.reference, attempt: payout.attempt, event: event.event });
    return 'payout_unchanged';
  }
  const before = payout.status;
  const after = await settle(payout, status === 'success' ? 'paid' : 'failed', now, { ...transfer, status });
  if (after.status === before) return 'payout_unchanged';
  return after.status === 'paid' ? 'payout_paid' : 'payout_failed';
}

/** Whose payout a reference is (the reconciliation names the tutor of a transfer it cannot match). */
export async function payoutTutor(reference: string): Promise<string | undefined> {
  return (await getPayout(reference))?.tutorId;
}

// ---- Super admin ----

export async function adminPayouts(status: PayoutStatus, language: Language = DEFAULT_LANGUAGE): Promise<AdminPayouts> {
  const payouts = await payoutsByStatus(status, ADMIN_LIST);
  const names = new Map((await getProfiles(payouts.map((p) => p.tutorId))).map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return { payouts: payouts.map((p): AdminPayoutView => ({
    ...view(p, language), tutorId: p.tutorId, tutorName: names.get(p.tutorId) ?? p.tutorId,
    ...(p.retriedBy ? { retriedBy: p.retriedBy } : {}), ...(p.retriedAt ? { retriedAt: p.retriedAt } : {}),
  })) };
}

/**
 * A super admin retries a failed payout, or one whose transfer call failed: Paystack is asked
 * first (the transfer may exist after all), then it is sent again with the same reference. Who
 * and when stay on the payout (audit).
 */
export async function retryPayout(admin: AuthUser, reference: string, now = new Date()): Promise<PayoutView> {
  const payout = await getPayout(reference);
  if (!payout) throw new NotFound(payoutMessages.notFound);
  if (payout.status === 'paid') throw new Conflict('payout_paid', payoutMessages.alreadyPaid);
  let known: ProviderTransfer | null;
  try {
    known = await paymentProvider().verifyTransfer(currentTransfer(payout));
  } catch (error) {
    if (error instanceof PaystackError) throw new ProviderFailed('provider_unavailable', payoutMessages.providerDown);
    throw error;
  }
  const at = now.toISOString();
  const audit = { retriedBy: admin.id, retriedAt: at, updatedAt: at };
  logger.info('A super admin retries a payout', { reference, by: admin.id, status: payout.status, paystack: known?.status ?? 'unknown' });
  if (payout.status === 'processing') {
    if (known && transferOutcome(known.status) !== 'failed') {
      const applied = await applyTransfer(payout, known, now);
      if (applied.status === 'processing') throw new Conflict('payout_processing', payoutMessages.stillProcessing);
      return view(applied);
    }
    const marked = await updateProcessingPayout(payout, audit, []);
    return view(await sendTransfer(marked ?? payout, now));
  }
  // Failed here, paid at Paystack: the money left after all (recorded, and told), nothing to retry.
  if (known && transferOutcome(known.status) === 'paid') {
    await reconcileLateSuccess(payout, payout.attempt, known, now);
    throw new Conflict('payout_paid', payoutMessages.alreadyPaid);
  }
  // Failed here, still under way at Paystack: a new transfer now could pay the tutor twice.
  if (known && transferOutcome(known.status) === 'pending') throw new Conflict('payout_processing', payoutMessages.stillProcessing);
  // Failed: the same amount leaves available again, as the payout's next attempt (a new transfer).
  const recipient = await getPayoutRecipient(payout.tutorId);
  const attempt = payout.attempt + 1;
  const { transferCode: _previous, ...rest } = payout;
  const reopened: Payout = { ...rest, status: 'processing', attempt, ...audit, ...(recipient ? { recipientCode: recipient.recipientCode } : {}) };
  const outcome = await recordPayoutMove(move(payout, 'payout', 'tutor_available', 'tutor_in_flight', at, attempt), [payoutUpdate(payout, 'failed', {
    status: 'processing', attempt, recipientCode: reopened.recipientCode, ...audit,
  }, ['failureReason', 'failedAt', 'sendError', 'transferCode'])], { availableAtLeast: payout.amountMinor });
  if (outcome !== 'written') {
    const balances = await tutorBalances(payout.tutorId);
    if (balances.tutor_in_flight !== 0) throw new Conflict('payout_in_flight', payoutMessages.in_flight);
    throw new BusinessRuleViolated('payout_not_covered', payoutMessages.notCovered);
  }
  return view(await sendTransfer(reopened, now));
}
