/**
 * A refund the provider refuses: recorded as failed, counted (RefundFailed, alarmed in
 * infra), listed to super admins as a problem payment with Paystack's words, and retryable: a
 * retry that goes through takes it off the list, the payer is refunded and e-mailed once.
 */
import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { callApi, eventually, expectOk, sentEmails, signInDemoAdmin, stack } from '../support/api.js';
import { checkoutInSandbox, getItem, paidLesson, postWebhook, waitUntilDone } from '../support/fixtures.js';

/** The sandbox's own record of a payment (paidLesson confirms it by webhook alone: still unpaid there). */
async function sandboxTransaction(bookingId: string) {
  const reference = (await getItem(`BOOKING#${bookingId}`, 'BOOKING'))!.paymentReference as string;
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as { transactions: { reference: string; authorization_url: string }[] };
  return debug.transactions.find((t) => t.reference === reference)!;
}

describe('a refund Paystack refuses', () => {
  it('is a problem payment a super admin can retry until it goes through', async () => {
    const { booking, student } = await paidLesson();
    const { reference, authorization_url: authorizationUrl } = await sandboxTransaction(booking.id);
    const admin = await signInDemoAdmin();
    const refund = () => callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'Dispute' } });
    const problems = async () => (await expectOk(callApi('listPaymentProblems', { token: admin.accessToken, query: { limit: 50 } }), 'problems')).problems;

    // The sandbox never saw the money arrive, so it refuses, as Paystack does.
    const first = await refund();
    expect(first.status).toBe(200);
    expect((first.body as { refund: { status: string } }).refund.status).toBe('failed');
    const listed = (await problems()).find((p) => p.reference === reference && p.kind === 'refund_failed');
    expect(listed).toMatchObject({
      title: 'Refund failed at Paystack', bookingId: booking.id, paidMinor: booking.amountMinor, payer: { name: 'Test User' },
    });
    expect(listed!.action).toContain('Cannot refund a transaction that was not successful');
    const { transactions } = await expectOk(callApi('adminTransactions', { token: admin.accessToken, query: { limit: 50, status: 'refund_failed' } }), 'failed');
    expect(transactions.map((t) => t.id)).toContain(reference);

    // Now the payment is settled at the provider; the retry goes through.
    await checkoutInSandbox(authorizationUrl);
    expect((await refund()).status).toBe(200);
    expect((await problems()).some((p) => p.reference === reference && p.kind === 'refund_failed')).toBe(false);
    await eventually(async () => (await getItem(`BOOKING#${booking.id}`, 'BOOKING'))?.paymentStatus === 'refunded', 15_000);

    // The student is told once, even when Paystack sends refund.processed again.
    await waitUntilDone(`refund-processed#${reference}`);
    const replay = JSON.stringify({ event: 'refund.processed', data: { status: 'processed', transaction_reference: reference, refund_reference: 'RF_replay', amount: String(booking.amountMinor), currency: 'KES' } });
    expect((await postWebhook(replay, createHmac('sha512', LOCAL_PAYSTACK_SECRET_KEY).update(replay).digest('hex'))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const told = (await sentEmails()).filter((e) => e.destinations.ToAddresses.includes(student.email) && e.subject.startsWith('Refund processed'));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe(`Refund processed: KSh ${(booking.amountMinor / 100).toLocaleString('en-US')}`);
    expect(told[0]!.body).toContain(reference);
  });
});
