/**
 * Payouts through Paystack Transfers against the emulator and the Paystack
 * sandbox: a Withdraw that is paid, one that fails and is retried by a super admin with the same
 * reference, replayed and forged transfer webhooks, two runs at once, who is not paid (no KYC,
 * no details, below the minimum), and the ledger check afterwards.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { entryId } from '../../functions/ledger/keys.js';
import { reconcileWindow } from '../../functions/ledger/reconcile.js';
import { reconcileWithProvider } from '../../functions/ledger/reconcile-service.js';
import { recordPayment, releaseDueEarnings, runLedgerCheck } from '../../functions/ledger/service.js';
import { putPayoutRecipient } from '../../functions/payouts/recipients.js';
import { runPayoutReference } from '../../functions/payouts/rules.js';
import { transferMessages } from '../../functions/payouts/service.js';
import sw from '../../functions/shared/i18n/sw.json';
import { api, callApi, createUser, decodeJwt, eventually, expectOk, sentEmails, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { getItem, postWebhook, verifyThroughKyc } from '../support/fixtures.js';
import { runJobAt, sendWork, useStackEnvironment, workQueueDrained } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

const DAY = 86_400_000;
const sandbox = () => stack().sandboxUrls.paystack!;

async function sandboxCall<T = any>(path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${sandbox()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${LOCAL_PAYSTACK_SECRET_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() as T };
}

/** Paystack ends the transfer (the sandbox's on-demand webhook). */
const finishTransfer = (reference: string, outcome: 'success' | 'failed' | 'reversed', reason?: string) =>
  sandboxCall(`/__sandbox/transfers/${reference}/${outcome}`, reason ? { reason } : {});

/**
 * A tutor with `availableMinor` available (a course sold three days ago, past its dispute window),
 * KYC-approved and with an M-Pesa recipient unless told otherwise.
 */
async function tutorWithMoney(options: { kyc?: boolean; recipient?: boolean; saleMinor?: number } = {}): Promise<TestUser> {
  const tutor = await createUser('tutor');
  if (options.kyc !== false) await verifyThroughKyc(tutor);
  if (options.recipient !== false) {
    // A number of its own: the sandbox, as Paystack, answers an existing recipient for a known account.
    const number = `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const created = await sandboxCall('/transferrecipient', { type: 'mobile_money', name: 'Amina Wanjiru', account_number: number, bank_code: 'MPESA', currency: 'KES' });
    expect(created.status).toBe(201);
    await putPayoutRecipient({
      tutorId: tutor.userId, method: 'mpesa', recipientCode: created.body.data.recipient_code, maskedNumber: `07•• ••• ${number.slice(-3)}`,
      accountName: 'Amina Wanjiru', institution: 'M-Pesa', updatedAt: new Date().toISOString(),
    });
  }
  await recordPayment({
    reference: `course-${randomUUID()}`, purpose: 'course', tutorId: tutor.userId, courseId: `c-${randomUUID()}`,
    amountMinor: options.saleMinor ?? 200_000, paidAt: new Date(Date.now() - 3 * DAY).toISOString(),
  });
  await releaseDueEarnings(new Date());
  return tutor;
}

const earnings = (tutor: TestUser) => expectOk(callApi('getMyLedger', { token: tutor.accessToken }), 'earnings');
const payouts = (tutor: TestUser) => expectOk(callApi('getMyPayouts', { token: tutor.accessToken }), 'payouts');
const withdraw = (tutor: TestUser) => callApi('withdraw', { token: tutor.accessToken });
const entry = (kind: Parameters<typeof entryId>[0], reference: string, attempt: number) =>
  getItem(`LEDGER#ENTRY#${entryId(kind, `${reference}#${attempt}`)}`, 'ENTRY');

function signedTransferWebhook(event: string, data: Record<string, unknown>, secret = LOCAL_PAYSTACK_SECRET_KEY) {
  const body = JSON.stringify({ event, data: { currency: 'KES', source: 'balance', ...data } });
  return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
}

describe('a tutor withdraws their available money', () => {
  it('is sent as one transfer, paid on transfer.success, a replay moves nothing, a forged webhook is refused', async () => {
    const tutor = await tutorWithMoney();
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 170_000, inFlightMinor: 0 });
    const before = await payouts(tutor);
    expect(before.blockedBy).toBeUndefined();
    // Where the money goes, masked, for the confirmation the tutor sees before it moves.
    expect(before.destination).toEqual({ institution: 'M-Pesa', maskedNumber: expect.stringMatching(/^07•• ••• \d{3}$/) });

    const started = await withdraw(tutor);
    expect(started.status).toBe(201);
    const payout = started.body as { reference: string; status: string; amountMinor: number };
    expect(payout).toMatchObject({ status: 'processing', amountMinor: 170_000 });
    expect(payout.reference).toMatch(/^payout_/);
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 170_000 });
    const { body: held } = await sandboxCall(`/transfer/verify/${payout.reference}`);
    expect(held.data).toMatchObject({ status: 'pending', amount: 170_000, reference: payout.reference });
    expect(held.data.transfer_code).toMatch(/^TRF_/);
    // A payout is on its way: a second Withdraw is refused.
    expect((await withdraw(tutor)).status).toBe(409);

    // Forged: signed with another key → 401, nothing moves.
    const forged = signedTransferWebhook('transfer.success', { reference: payout.reference, amount: 170_000, status: 'success' }, 'sk_test_not_ours');
    expect((await postWebhook(forged.body, forged.signature)).status).toBe(401);
    expect(await earnings(tutor)).toMatchObject({ inFlightMinor: 170_000, paidOutMinor: 0 });

    expect((await finishTransfer(payout.reference, 'success')).status).toBe(200);
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });
    expect((await payouts(tutor)).payouts[0]).toMatchObject({ reference: payout.reference, status: 'paid' });
    // Completed payouts can be listed by a super admin, with the tutor's name.
    const admin = await signInDemoAdmin();
    const paid = await expectOk(callApi('listAdminPayouts', { token: admin.accessToken, query: { status: 'paid' } }), 'paid payouts');
    expect(paid.payouts.find((p) => p.reference === payout.reference)).toMatchObject({ status: 'paid', amountMinor: 170_000, tutorId: tutor.userId, tutorName: expect.stringMatching(/\S/) });

    // Paystack retries its webhook: the second delivery changes nothing.
    const replay = signedTransferWebhook('transfer.success', { reference: payout.reference, amount: 170_000, status: 'success', transfer_code: held.data.transfer_code });
    expect((await postWebhook(replay.body, replay.signature)).body?.outcome).toBe('payout_unchanged');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });

    const mails = await eventually(async () => {
      const mine = (await sentEmails()).filter((m) => m.destinations.ToAddresses.includes(tutor.email) && m.subject.startsWith('Payout sent'));
      return mine.length ? mine : null;
    }, 15_000);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Payout sent: KSh 1,700');
  });

  it('fails with Paystack\'s reason (money back to available), a super admin retries it as a new transfer of its own reference, then it is paid', async () => {
    const tutor = await tutorWithMoney();
    const { reference } = (await withdraw(tutor)).body as { reference: string };
    await finishTransfer(reference, 'failed', 'Invalid M-Pesa number');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 170_000, inFlightMinor: 0, paidOutMinor: 0 });
    expect((await payouts(tutor)).payouts[0]).toMatchObject({ reference, status: 'failed', failureReason: 'Invalid M-Pesa number' });

    const admin = await signInDemoAdmin();
    const failed = await expectOk(callApi('listAdminPayouts', { token: admin.accessToken, query: { status: 'failed' } }), 'failed payouts');
    expect(failed.payouts.find((p) => p.reference === reference)).toMatchObject({ tutorId: tutor.userId, failureReason: 'Invalid M-Pesa number' });
    // Only a super admin retries.
    expect((await callApi('retryPayout', { token: tutor.accessToken, params: { reference } })).status).toBe(403);

    const retried = await expectOk(callApi('retryPayout', { token: admin.accessToken, params: { reference } }), 'retry');
    expect(retried).toMatchObject({ reference, status: 'processing', attempt: 2 });
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 170_000 });
    // Paystack keeps one transfer per reference: attempt 2 is a transfer of its own.
    const first = (await sandboxCall(`/transfer/verify/${reference}`)).body.data;
    const second = (await sandboxCall(`/transfer/verify/${reference}-2`)).body.data;
    expect(first).toMatchObject({ status: 'failed', reference });
    expect(second).toMatchObject({ status: 'pending', reference: `${reference}-2`, amount: 170_000 });
    expect(second.transfer_code).not.toBe(first.transfer_code);
    expect(await getItem(`PAYOUT#${reference}`, 'PAYOUT')).toMatchObject({ retriedBy: decodeJwt(admin.accessToken).sub });

    await finishTransfer(`${reference}-2`, 'success');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });
    for (const [kind, attempt] of [['payout', 1], ['payout_failed', 1], ['payout', 2], ['payout_paid', 2]] as const) {
      expect(await entry(kind, reference, attempt), `${kind} ${attempt}`).toBeTruthy();
    }
    // Paid: nothing left to retry.
    expect((await callApi('retryPayout', { token: admin.accessToken, params: { reference } })).status).toBe(409);
  });

  it('a failure Paystack gives no reason for says so in the reader\'s language (Paystack\'s own reasons stay as sent)', async () => {
    const tutor = await tutorWithMoney();
    const { reference, amountMinor } = (await withdraw(tutor)).body as { reference: string; amountMinor: number };
    const hook = signedTransferWebhook('transfer.failed', { reference, amount: amountMinor, status: 'failed' });
    expect((await postWebhook(hook.body, hook.signature)).body?.outcome).toBe('payout_failed');
    const mine = (language: string) =>
      api<{ payouts: { reference: string; failureReason?: string }[] }>('/api/payouts', { token: tutor.accessToken, headers: { 'accept-language': language } });
    expect((await mine('en')).body.payouts[0]).toMatchObject({ reference, failureReason: transferMessages.failed });
    expect((await mine('sw')).body.payouts[0]).toMatchObject({ reference, failureReason: sw[transferMessages.failed] });

    const admin = await signInDemoAdmin();
    const failed = await api<{ payouts: { reference: string; failureReason?: string }[] }>('/api/admin/payouts?status=failed', {
      token: admin.accessToken, headers: { 'accept-language': 'sw' },
    });
    expect(failed.body.payouts.find((p) => p.reference === reference)?.failureReason).toBe('Uhamisho wa pesa haukufaulu');
  });

  it('two Withdraws and two weekly runs at once make one payout', async () => {
    const tutor = await tutorWithMoney();
    const at = new Date();
    const [a, b] = await Promise.all([withdraw(tutor), withdraw(tutor), runJobAt('payouts-weekly', at), runJobAt('payouts-weekly', at)]);
    for (const answer of [a, b]) expect([201, 409]).toContain(answer.status);
    const mine = await payouts(tutor);
    expect(mine.payouts).toHaveLength(1);
    expect(mine.payouts[0]).toMatchObject({ status: 'processing', amountMinor: 170_000 });
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 170_000 });
    await finishTransfer(mine.payouts[0]!.reference, 'success');
    expect(await earnings(tutor)).toMatchObject({ inFlightMinor: 0, paidOutMinor: 170_000 });
  });
});

describe('the weekly run through the payout-work queue', () => {
  it('a tutor\'s message delivered twice, and again after new money became available, makes one payout, one transfer, one ledger payout', async () => {
    const tutor = await tutorWithMoney();
    const at = new Date();
    const work = { kind: 'pay', tutorId: tutor.userId, at: at.toISOString() };
    await Promise.all([sendWork('payout-work', work), sendWork('payout-work', work)]);
    await workQueueDrained('payout-work');
    const reference = runPayoutReference(at, tutor.userId);
    const mine = await payouts(tutor);
    expect(mine.payouts).toEqual([expect.objectContaining({ reference, status: 'processing', trigger: 'weekly', amountMinor: 170_000 })]);
    expect(await transfersOf(reference)).toEqual([expect.objectContaining({ reference, amount: 170_000 })]);
    expect(await entry('payout', reference, 1)).toBeTruthy();
    await finishTransfer(reference, 'success');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });

    // Another sale made available after this run's payout: a late redelivery of the run's message pays nothing.
    await recordPayment({
      reference: `course-${randomUUID()}`, purpose: 'course', tutorId: tutor.userId, courseId: `c-${randomUUID()}`,
      amountMinor: 200_000, paidAt: new Date(Date.now() - 3 * DAY).toISOString(),
    });
    await releaseDueEarnings(new Date());
    await sendWork('payout-work', work);
    await workQueueDrained('payout-work');
    expect((await payouts(tutor)).payouts).toHaveLength(1);
    expect(await transfersOf(reference)).toHaveLength(1);
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 170_000, inFlightMinor: 0, paidOutMinor: 170_000 });
  });

  it('the weekly job pays an eligible tutor through the queue', async () => {
    const tutor = await tutorWithMoney();
    const at = new Date();
    const summary = await runJobAt('payouts-weekly', at);
    expect(summary.tutors_queued).toBeGreaterThanOrEqual(1);
    const reference = runPayoutReference(at, tutor.userId);
    expect((await payouts(tutor)).payouts).toEqual([expect.objectContaining({ reference, status: 'processing', trigger: 'weekly' })]);
    expect(await transfersOf(reference)).toHaveLength(1);
    await finishTransfer(reference, 'success');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });
  });
});

/** Every transfer Paystack holds for a payout (each attempt's), oldest first. */
async function transfersOf(reference: string): Promise<Array<{ reference: string; status: string; amount: number; transferCode: string }>> {
  const { body } = await sandboxCall<{ transfers: Array<{ reference: string; status: string; amount: number; transferCode: string }> }>('/__sandbox/transfers');
  return body.transfers.filter((t) => t.reference === reference || t.reference.startsWith(`${reference}-`));
}

describe('a late or out-of-order transfer webhook', () => {
  it('a late transfer.failed of attempt 1 does not fail the retried attempt 2: Paystack pays once, Withdraw finds nothing more to send', async () => {
    const tutor = await tutorWithMoney();
    const { reference } = (await withdraw(tutor)).body as { reference: string };
    const [attempt1] = await transfersOf(reference);
    await finishTransfer(attempt1!.reference, 'failed', 'Recipient account could not be credited');
    const admin = await signInDemoAdmin();
    expect(await expectOk(callApi('retryPayout', { token: admin.accessToken, params: { reference } }), 'retry')).toMatchObject({ status: 'processing', attempt: 2 });
    const attempt2 = (await transfersOf(reference)).find((t) => t.status === 'pending');
    expect(attempt2).toBeTruthy();

    // A signed copy of attempt 1's transfer.failed, delivered late.
    const late = signedTransferWebhook('transfer.failed', {
      reference: attempt1!.reference, amount: 170_000, status: 'failed', transfer_code: attempt1!.transferCode, gateway_response: 'Recipient account could not be credited',
    });
    expect((await postWebhook(late.body, late.signature)).body?.outcome).toBe('payout_unchanged');
    expect((await payouts(tutor)).payouts[0]).toMatchObject({ reference, status: 'processing', attempt: 2 });
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 170_000 });

    expect((await finishTransfer(attempt2!.reference, 'success')).status).toBe(200);
    expect((await payouts(tutor)).payouts[0]).toMatchObject({ reference, status: 'paid' });
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });
    expect((await withdraw(tutor)).status).toBe(422);
    // What Paystack paid is what the ledger says was paid out.
    const paid = (await transfersOf(reference)).filter((t) => t.status === 'success').reduce((sum, t) => sum + t.amount, 0);
    expect(paid).toBe(170_000);
  });

  it('a success after a recorded failure is money that left: paid out (not available again), and a problem for super admins', async () => {
    const tutor = await tutorWithMoney();
    const { reference } = (await withdraw(tutor)).body as { reference: string };
    const [attempt1] = await transfersOf(reference);
    // A failure reported before Paystack finally completes the same transfer.
    const failed = signedTransferWebhook('transfer.failed', { reference, amount: 170_000, status: 'failed', transfer_code: attempt1!.transferCode });
    expect((await postWebhook(failed.body, failed.signature)).body?.outcome).toBe('payout_failed');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 170_000, inFlightMinor: 0 });
    // A super admin's retry now would send a second transfer while Paystack still has the first under way.
    const admin = await signInDemoAdmin();
    expect((await callApi('retryPayout', { token: admin.accessToken, params: { reference } })).status).toBe(409);

    const done = await finishTransfer(reference, 'success');
    expect(done.status).toBe(200);
    expect((await payouts(tutor)).payouts[0]).toMatchObject({ reference, status: 'paid' });
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });
    expect((await withdraw(tutor)).status).toBe(422);
    // Paystack sends it again: nothing moves twice, the problem is listed once.
    const replay = signedTransferWebhook('transfer.success', { reference, amount: 170_000, status: 'success', transfer_code: attempt1!.transferCode });
    expect((await postWebhook(replay.body, replay.signature)).body?.outcome).toBe('payout_unchanged');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, paidOutMinor: 170_000 });

    const problems = await expectOk(callApi('listPaymentProblems', { token: admin.accessToken, query: { limit: 50 } }), 'problems');
    const mine = problems.problems.filter((p) => p.reference === reference);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'provider_mismatch', title: 'Paystack paid a transfer recorded as failed', paidMinor: 170_000, payer: { id: tutor.userId } });
    await expectOk(callApi('resolvePaymentProblem', { token: admin.accessToken, params: { reference }, body: { note: 'Checked in the Paystack dashboard: paid once.' } }), 'resolve');
    const after = await expectOk(callApi('listPaymentProblems', { token: admin.accessToken, query: { limit: 50 } }), 'problems');
    expect(after.problems.some((p) => p.reference === reference)).toBe(false);
  });
});

describe('a success of an earlier attempt', () => {
  it('arriving while the retry is under way is recorded as paid out (available goes below zero: the tutor may be paid twice) and listed', async () => {
    const tutor = await tutorWithMoney();
    const { reference } = (await withdraw(tutor)).body as { reference: string };
    const [attempt1] = await transfersOf(reference);
    await finishTransfer(reference, 'failed');
    const admin = await signInDemoAdmin();
    await expectOk(callApi('retryPayout', { token: admin.accessToken, params: { reference } }), 'retry');
    // Paystack reports attempt 1 paid after all (signed with the integration's key).
    const late = signedTransferWebhook('transfer.success', { reference, amount: 170_000, status: 'success', transfer_code: attempt1!.transferCode });
    expect((await postWebhook(late.body, late.signature)).body?.outcome).toBe('payout_reconciled');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: -170_000, inFlightMinor: 170_000, paidOutMinor: 170_000 });
    expect((await payouts(tutor)).payouts[0]).toMatchObject({ reference, status: 'processing', attempt: 2 });
    expect((await postWebhook(late.body, late.signature)).body?.outcome).toBe('payout_unchanged');
    const problems = await expectOk(callApi('listPaymentProblems', { token: admin.accessToken, query: { limit: 50 } }), 'problems');
    expect(problems.problems.find((p) => p.reference === reference)).toMatchObject({ kind: 'provider_mismatch', title: 'Paystack paid a transfer recorded as failed' });
    // Nothing more is sent while the tutor owes it.
    expect((await withdraw(tutor)).status).toBe(409);
    await finishTransfer(`${reference}-2`, 'success');
    expect(await earnings(tutor)).toMatchObject({ availableMinor: -170_000, inFlightMinor: 0, paidOutMinor: 340_000 });
    expect((await withdraw(tutor)).status).toBe(422);
  });
});

describe('the daily reconciliation with Paystack', () => {
  it('finds a transfer Paystack paid that the ledger has as failed, lists it once for super admins, and agrees once the lost webhook arrives', async () => {
    const tutor = await tutorWithMoney();
    const { reference } = (await withdraw(tutor)).body as { reference: string };
    const [attempt1] = await transfersOf(reference);
    // The ledger as a double payout left it: a failure recorded, then Paystack pays and its webhook is lost.
    const failed = signedTransferWebhook('transfer.failed', { reference, amount: 170_000, status: 'failed', transfer_code: attempt1!.transferCode });
    expect((await postWebhook(failed.body, failed.signature)).body?.outcome).toBe('payout_failed');
    expect((await sandboxCall(`/__sandbox/transfers/${reference}/success`, { webhook: false })).status).toBe(200);
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 170_000, paidOutMinor: 0 });

    const at = new Date(Date.now() + DAY);
    const summary = await runJobAt('ledger-reconcile', at);
    expect(summary.transfers).toBeGreaterThanOrEqual(1);
    expect(summary.flagged).toBeGreaterThanOrEqual(1);
    const admin = await signInDemoAdmin();
    const listed = async () => (await expectOk(callApi('listPaymentProblems', { token: admin.accessToken, query: { limit: 50 } }), 'problems'))
      .problems.filter((p) => p.reference === reference);
    expect(await listed()).toEqual([expect.objectContaining({
      kind: 'provider_mismatch', title: 'Paystack moved money our records do not show', paidMinor: 170_000, expectedMinor: 0, payer: expect.objectContaining({ id: tutor.userId }),
    })]);
    // Another run (a retry, the next day) lists it no second time.
    expect((await runJobAt('ledger-reconcile', at)).mismatches).toBeGreaterThanOrEqual(1);
    expect(await listed()).toHaveLength(1);

    // Paystack delivers the webhook after all: the payment is recorded as paid out, and both sides agree.
    expect((await sandboxCall(`/__sandbox/transfers/${reference}/webhook`, {})).status).toBe(200);
    expect(await earnings(tutor)).toMatchObject({ availableMinor: 0, inFlightMinor: 0, paidOutMinor: 170_000 });
    const report = await reconcileWithProvider(reconcileWindow(at), { flag: false });
    expect(report.mismatches.filter((m) => m.reference === reference)).toEqual([]);
    await expectOk(callApi('resolvePaymentProblem', { token: admin.accessToken, params: { reference }, body: { note: 'Webhook arrived late; paid once.' } }), 'resolve');
    expect(await listed()).toEqual([]);
  });
});

describe('who is not paid', () => {
  it('a tutor without KYC, without payout details or below the minimum: Withdraw says why, the weekly run skips them', async () => {
    const [noKyc, noDetails, little] = await Promise.all([
      tutorWithMoney({ kyc: false }), tutorWithMoney({ recipient: false }), tutorWithMoney({ saleMinor: 100_000 }),
    ]);
    const refusal = async (tutor: TestUser) => {
      const answer = await withdraw(tutor);
      return { status: answer.status, message: answer.error?.message };
    };
    expect(await refusal(noKyc)).toEqual({ status: 422, message: 'Payouts start once your identity documents are approved.' });
    expect(await refusal(noDetails)).toEqual({ status: 422, message: 'Add your payout details (M-Pesa number or bank account) before withdrawing.' });
    expect(await refusal(little)).toEqual({ status: 422, message: 'You can withdraw once at least KSh 1,000 is available.' });
    expect((await payouts(noKyc)).blockedBy).toBe('no_kyc');
    expect((await payouts(noDetails)).blockedBy).toBe('no_details');
    expect((await payouts(little))).toMatchObject({ blockedBy: 'below_minimum', minimumMinor: 100_000, availableMinor: 85_000 });

    // Each has money available, so each is sent to the payout-work queue; its worker pays none of them.
    const summary = await runJobAt('payouts-weekly', new Date());
    expect(summary.tutors_queued).toBeGreaterThanOrEqual(3);
    for (const [tutor, available] of [[noKyc, 170_000], [noDetails, 170_000], [little, 85_000]] as const) {
      expect(await earnings(tutor)).toMatchObject({ availableMinor: available, inFlightMinor: 0 });
      expect((await payouts(tutor)).payouts).toHaveLength(0);
    }
  });

  it('the ledger still balances', async () => {
    const check = await runLedgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
