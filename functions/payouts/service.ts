/**
 * Payouts (issue 14 item 3): a tutor's whole available balance sent to their payout recipient
 * through Paystack Transfers, on the tutor's Withdraw or the weekly run.
 *
 *   start    the payout item and the ledger's available → in flight are written in ONE
 *            transaction, conditioned on the balance read (the whole of it, so never below zero)
 *            and on nothing in flight: two runs at once make one payout
 *   send     POST /transfer with the payout's reference; the answer's transfer code is kept. A
 *            call that failed leaves the payout processing with `sendError`: the weekly run or a
 *            super admin sends it again with the SAME reference (Paystack dedupes by it)
 *   settle   transfer.success → paid (in flight → paid out); transfer.failed / reversed →
 *            failed with Paystack's reason (back to available); each once, with its entry
 *   retry    a super admin: Paystack is asked first (GET /transfer/verify); a failed payout
 *            takes its amount from available again (a new attempt) and is sent with its reference
 */
import { randomBytes } from 'node:crypto';
import { recordPayoutMove, tutorBalances, tutorsWithAvailable, type PayoutMove } from '../ledger/service.js';
import { PaystackError, paymentProvider } from '../payments/paystack.js';
import type { PaystackTransferWebhook, ProviderTransfer } from '../payments/provider.js';
import { toProviderTransfer } from '../payments/provider.js';
import { getProfile, getProfiles } from '../profiles/service.js';
import { kshMinor } from '../shared/display.js';
import { BusinessRuleViolated, Conflict, NotFound, ProviderFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { DEFAULT_LANGUAGE, type Language } from '../../events/shared/language.js';
import { logger } from '../shared/logger.js';
import { inLanguage } from '../shared/messages.js';
import type { AdminPayouts, AdminPayoutView, MyPayouts, PayoutOutcome, PayoutView } from './contract.js';
import { payoutPut, payoutUpdate, type Payout, type PayoutStatus } from './keys.js';
import { getPayoutRecipient } from './recipients.js';
import { getPayout, payoutsByStatus, tutorPayouts, updateProcessingPayout } from './repository.js';
import { payoutBlock, payoutMinimumMinor, payoutReference, transferOutcome, type PayoutBlock } from './rules.js';

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
  const [{ block, balances }, payouts] = await Promise.all([eligibility(tutorId), tutorPayouts(tutorId, HISTORY)]);
  return {
    minimumMinor: payoutMinimumMinor(), availableMinor: balances.tutor_available, inFlightMinor: balances.tutor_in_flight,
    ...(block ? { blockedBy: block } : {}), payouts: payouts.map((p) => view(p, language)),
  };
}

const move = (p: Payout, kind: PayoutMove['kind'], from: PayoutMove['from'], to: PayoutMove['to'], at: string, attempt = p.attempt): PayoutMove =>
  ({ kind, reference: p.reference, attempt, tutorId: p.tutorId, amountMinor: p.amountMinor, at, from, to });

/**
 * Opens a payout of the tutor's whole available balance, or says why not. A lost race (the
 * balance moved, another payout opened) is read again: the second of two runs sees `in_flight`.
 */
async function startPayout(tutorId: string, trigger: Payout['trigger'], now: Date): Promise<{ payout: Payout } | { block: PayoutBlock }> {
  for (let tries = 0; tries < 3; tries++) {
    const { block, recipient, balances } = await eligibility(tutorId);
    if (block) return { block };
    const at = now.toISOString();
    const payout: Payout = {
      reference: payoutReference(now, randomBytes(5).toString('hex')), tutorId, amountMinor: balances.tutor_available, status: 'processing', trigger,
      recipientCode: recipient!.recipientCode, attempt: 1, createdAt: at, updatedAt: at,
    };
    const outcome = await recordPayoutMove(move(payout, 'payout', 'tutor_available', 'tutor_in_flight', at), [payoutPut(payout)], { availableIs: payout.amountMinor });
    if (outcome === 'written') return { payout: await sendTransfer(payout, now) };
  }
  throw new Error(`Tutor ${tutorId}'s balance kept changing while a payout was opened`);
}

/** Asks Paystack to send the payout (its reference, every time) and records the answer. */
async function sendTransfer(payout: Payout, now: Date): Promise<Payout> {
  try {
    const answer = await paymentProvider().initiateTransfer({
      reference: payout.reference, amountMinor: payout.amountMinor, recipientCode: payout.recipientCode, reason: TRANSFER_REASON,
    });
    // Paystack already has it (an earlier call's answer was lost): its state is the truth.
    const transfer = answer === 'duplicate' ? await paymentProvider().verifyTransfer(payout.reference) : answer;
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

async function publishSettled(p: Payout): Promise<void> {
  const base = { reference: p.reference, tutorId: p.tutorId, amountMinor: p.amountMinor };
  if (p.status === 'paid') await publishEvent('PayoutPaid', { ...base, occurredAt: p.paidAt ?? p.updatedAt });
  else await publishEvent('PayoutFailed', { ...base, reason: p.failureReason ?? transferMessages.failed, occurredAt: p.failedAt ?? p.updatedAt });
}

/** The tutor's Withdraw: 422 with the reason when they cannot, 409 when a payout is on its way. */
export async function withdraw(user: AuthUser, now = new Date(), language: Language = DEFAULT_LANGUAGE): Promise<PayoutView> {
  const started = await startPayout(user.id, 'withdraw', now);
  if ('block' in started) {
    if (started.block === 'in_flight') throw new Conflict('payout_in_flight', payoutMessages.in_flight);
    throw new BusinessRuleViolated(`payout_${started.block}`, blockMessage(started.block, language));
  }
  return view(started.payout);
}

/**
 * The weekly run (definitions.schedules `payouts-weekly`): first the payouts whose transfer call
 * failed are sent again, then every tutor with money available is paid if eligible. Safe to run
 * twice at once: a tutor's second payout cannot open while the first is in flight.
 */
export async function runWeeklyPayouts(now: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = { started: 0, resent: 0, no_kyc: 0, no_details: 0, in_flight: 0, below_minimum: 0 };
  for (const payout of await payoutsByStatus('processing', ADMIN_LIST)) {
    if (!payout.sendError && payout.transferCode) continue;
    await sendTransfer(payout, now);
    counts.resent!++;
  }
  let after: string | undefined;
  do {
    const page = await tutorsWithAvailable(100, after);
    for (const tutorId of page.tutorIds) {
      const started = await startPayout(tutorId, 'weekly', now);
      if ('payout' in started) counts.started!++;
      else counts[started.block]!++;
    }
    after = page.next;
  } while (after);
  return counts;
}

/** A verified transfer.* webhook (signature checked by the payments webhook). */
export async function applyTransferWebhook(event: PaystackTransferWebhook, now = new Date()): Promise<PayoutOutcome> {
  const payout = await getPayout(event.data.reference);
  if (!payout) {
    logger.warn('Transfer webhook for a payout we did not make', { reference: event.data.reference });
    return 'unknown_payout';
  }
  if (event.data.amount !== payout.amountMinor) {
    logger.error('Transfer webhook amount differs from the payout', { reference: payout.reference, payout: payout.amountMinor, got: event.data.amount });
    return 'payout_unchanged';
  }
  const transfer = toProviderTransfer(event.data);
  // The event names the outcome even when `data.status` lags behind it.
  const status = event.event === 'transfer.success' ? 'success' : event.event === 'transfer.reversed' ? 'reversed' : 'failed';
  const before = payout.status;
  const after = await settle(payout, status === 'success' ? 'paid' : 'failed', now, { ...transfer, status });
  if (after.status === before) return 'payout_unchanged';
  return after.status === 'paid' ? 'payout_paid' : 'payout_failed';
}

// ---- Super admin ----

export async function adminPayouts(status: 'failed' | 'processing', language: Language = DEFAULT_LANGUAGE): Promise<AdminPayouts> {
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
    known = await paymentProvider().verifyTransfer(reference);
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
  // Failed: the same amount leaves available again, as the payout's next attempt.
  if (known && transferOutcome(known.status) === 'paid') throw new Conflict('payout_paid', payoutMessages.alreadyPaid);
  const recipient = await getPayoutRecipient(payout.tutorId);
  const attempt = payout.attempt + 1;
  const reopened: Payout = { ...payout, status: 'processing', attempt, ...audit, ...(recipient ? { recipientCode: recipient.recipientCode } : {}) };
  const outcome = await recordPayoutMove(move(payout, 'payout', 'tutor_available', 'tutor_in_flight', at, attempt), [payoutUpdate(payout, 'failed', {
    status: 'processing', attempt, recipientCode: reopened.recipientCode, ...audit,
  }, ['failureReason', 'failedAt', 'sendError'])], { availableAtLeast: payout.amountMinor });
  if (outcome !== 'written') {
    const balances = await tutorBalances(payout.tutorId);
    if (balances.tutor_in_flight !== 0) throw new Conflict('payout_in_flight', payoutMessages.in_flight);
    throw new BusinessRuleViolated('payout_not_covered', payoutMessages.notCovered);
  }
  return view(await sendTransfer(reopened, now));
}
