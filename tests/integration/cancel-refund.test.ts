/**
 * Cancelling, refunds and no-shows against the emulator and the Paystack sandbox:
 * the policy window both ways, tutor cancels counted when late, double cancels, a
 * cancel racing a payment, refund webhooks forged / replayed / out of order, a super admin's
 * audited refund, hours free again, and no-shows settled once by the lessons job. Payments go
 * through the sandbox's checkout, so its refunds and signed refund.* webhooks are the real path.
 */
import { createHmac } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceItem } from '../../functions/live/keys.js';
import { callApi, createUser, decodeJwt, eventually, expectOk, signInDemoAdmin, type TestUser } from '../support/api.js';
import {
  book, bookableTutor, checkoutInSandbox, freeStarts, getItem, moveLesson, paidThroughSandbox as paidThroughSandboxOf, postWebhook, table, waitUntilDone,
} from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';

const HOUR = 3_600_000;
beforeAll(() => useStackEnvironment());

type BookingBody = { id: string; amountMinor: number; scheduledAt: string; status: string; paymentStatus: string; refund?: { status: string }; cancellation?: Record<string, unknown>; noShow?: string; freeCancellationUntil?: string };

/** Starts paying a booking; the checkout (the payer's click) is left to the caller. */
async function startPayment(student: TestUser, bookingId: string) {
  return expectOk(callApi('initializePayment', { token: student.accessToken, body: { bookingId } }), 'payment');
}

const paidThroughSandbox = (options: { tutor?: TestUser; nth?: number } = {}) => paidThroughSandboxOf<BookingBody>(options);
const stored = async (bookingId: string) => (await getItem(`BOOKING#${bookingId}`, 'BOOKING')) as unknown as BookingBody;
const cancel = (user: TestUser, bookingId: string, reason?: string) =>
  callApi('cancelBooking', { token: user.accessToken, params: { bookingId }, body: reason ? { reason } : {} });
const refundedEventually = (bookingId: string) =>
  eventually(async () => { const b = await stored(bookingId); return b.paymentStatus === 'refunded' ? b : undefined; }, 15_000);

function refundWebhook(event: string, reference: string, amountMinor: number, secret = LOCAL_PAYSTACK_SECRET_KEY) {
  const body = JSON.stringify({ event, data: { status: event.slice('refund.'.length), transaction_reference: reference, refund_reference: 'RF_test', amount: String(amountMinor), currency: 'KES' } });
  return { body, signature: createHmac('sha512', secret).update(body).digest('hex') };
}

describe('a student cancels', () => {
  it('more than 12 h ahead: cancelled, the hours free again, refunded in full once the sandbox reports it processed; the tutor earns nothing', async () => {
    const { tutor, student, booking } = await paidThroughSandbox();
    const answer = await cancel(student, booking.id, 'Exams moved');
    expect(answer.status).toBe(200);
    const after = (answer.body as { booking: BookingBody }).booking;
    expect(after.status).toBe('cancelled');
    expect(after.cancellation).toMatchObject({ by: 'student', refundDue: true, reason: 'Exams moved' });
    expect(after.freeCancellationUntil).toBe(new Date(Date.parse(booking.scheduledAt) - 12 * HOUR).toISOString());
    expect(await freeStarts(tutor.userId)).toContain(booking.scheduledAt);
    // Both parties are told (once each, by the BookingCancelled consumer).
    await waitUntilDone(`booking-cancelled#${booking.id}#student`);
    await waitUntilDone(`booking-cancelled#${booking.id}#tutor`);

    const refunded = await refundedEventually(booking.id);
    expect(refunded.refund).toMatchObject({ status: 'processed', amountMinor: booking.amountMinor });
    const stats = await expectOk(callApi('tutorStats', { token: tutor.accessToken }), 'stats');
    expect(stats.totalEarnings).toBe(0);
    expect(stats.totalSessions).toBe(0);

    // A second cancel changes nothing and says why.
    const again = await cancel(student, booking.id);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('already_cancelled');
  });

  it('inside the 12 h window: cancelled without a refund (the tutor is paid)', async () => {
    const { student, booking } = await paidThroughSandbox();
    await moveLesson(booking.id, new Date(Date.now() + 6 * HOUR).toISOString());
    const answer = await cancel(student, booking.id);
    expect(answer.status).toBe(200);
    const after = (answer.body as { booking: BookingBody }).booking;
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', cancellation: { by: 'student', refundDue: false } });
    expect(after.refund).toBeUndefined();
    expect(await getItem(`PAYMENT#${(await stored(booking.id) as unknown as { paymentReference: string }).paymentReference}`, 'REFUND')).toBeUndefined();
  });

  it('someone else\'s booking: refused', async () => {
    const { booking } = await paidThroughSandbox();
    const stranger = await createUser('student');
    expect((await cancel(stranger, booking.id)).status).toBe(403);
  });
});

describe('a tutor cancels', () => {
  it('inside the window: the student is refunded in full, and the late cancel is counted against the tutor', async () => {
    const { tutor, booking } = await paidThroughSandbox();
    await moveLesson(booking.id, new Date(Date.now() + 3 * HOUR).toISOString());
    const answer = await cancel(tutor, booking.id, 'I am ill');
    expect(answer.status).toBe(200);
    expect((answer.body as { booking: BookingBody }).booking.cancellation).toMatchObject({ by: 'tutor', refundDue: true, lateByTutor: true });
    await refundedEventually(booking.id);
    // Super admins see it beside the tutor's name.
    const admin = await signInDemoAdmin();
    const { users } = await expectOk(callApi('adminUsers', { token: admin.accessToken, query: { q: tutor.email } }), 'users');
    expect(users.find((u) => u.id === tutor.userId)?.tutorRecord).toEqual({ lateCancellations: 1, noShows: 0 });
  });
});

describe('an unpaid hold', () => {
  it('is released at once by its student; a payment that still arrives for it is recorded and refunded, never lost', async () => {
    const tutor = await bookableTutor();
    const student = await createUser('student');
    const start = (await freeStarts(tutor.userId))[0]!;
    const booking = (await book(student, tutor.userId, start)).body.booking as BookingBody;
    const { reference, authorizationUrl } = await startPayment(student, booking.id);

    expect((await cancel(tutor, booking.id)).error?.code).toBe('hold_only_student');
    const released = await cancel(student, booking.id);
    expect(released.status).toBe(200);
    expect(await freeStarts(tutor.userId)).toContain(start);

    // The payer had the checkout open: the charge lands after the cancel.
    await checkoutInSandbox(authorizationUrl);
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ status: 'needs_refund' });
    const refunded = await refundedEventually(booking.id);
    expect(refunded).toMatchObject({ status: 'cancelled', refund: { status: 'processed' } });
  });
});

describe('refund webhooks', () => {
  it('forged ones are refused; replayed and out-of-order ones change nothing once processed', async () => {
    const { student, booking, reference } = await paidThroughSandbox();
    await cancel(student, booking.id);
    await refundedEventually(booking.id);

    const forged = refundWebhook('refund.failed', reference, booking.amountMinor, 'sk_test_not_ours');
    expect((await postWebhook(forged.body, forged.signature)).status).toBe(401);
    const replay = refundWebhook('refund.processed', reference, booking.amountMinor);
    expect((await postWebhook(replay.body, replay.signature)).body?.outcome).toBe('refund_unchanged');
    for (const late of ['refund.pending', 'refund.failed']) {
      const hook = refundWebhook(late, reference, booking.amountMinor);
      expect((await postWebhook(hook.body, hook.signature)).body?.outcome).toBe('refund_unchanged');
    }
    expect(await stored(booking.id)).toMatchObject({ paymentStatus: 'refunded', refund: { status: 'processed' } });
    const unknown = refundWebhook('refund.processed', 'ALP-unknown-reference', 100);
    expect((await postWebhook(unknown.body, unknown.signature)).body?.outcome).toBe('unknown_refund');
  });
});

describe('a super admin refunds a payment', () => {
  it('with a reason, audited and shown in the transactions list; a second refund is refused', async () => {
    const { booking, reference } = await paidThroughSandbox();
    const admin = await signInDemoAdmin();
    const adminId = (decodeJwt(admin.accessToken) as { sub: string }).sub;
    const refund = (body: Record<string, unknown>) => callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body } as never);
    expect((await refund({ reason: '' })).status).toBe(400);
    const done = await refund({ reason: 'Dispute: the lesson link did not work' });
    expect(done.status).toBe(200);
    expect((await refund({ reason: 'again' })).status).toBe(409);
    await refundedEventually(booking.id);

    const { transactions } = await expectOk(callApi('adminTransactions', { token: admin.accessToken, query: { limit: 50 } }), 'transactions');
    const listed = transactions.find((t) => t.id === reference);
    expect(listed?.refund).toMatchObject({ status: 'processed', by: adminId, reason: 'Dispute: the lesson link did not work' });
    const { doc, name } = table();
    const audit = await doc.send(new QueryCommand({
      TableName: name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)', ExpressionAttributeValues: { ':pk': `PAYMENT#${reference}`, ':a': 'AUDIT#' },
    }));
    expect(audit.Items).toEqual([expect.objectContaining({ action: 'refund_requested', by: adminId, note: 'Dispute: the lesson link did not work' })]);
  });

  it('is for super admins only', async () => {
    const { student, reference } = await paidThroughSandbox();
    const answer = await callApi('refundTransaction', { token: student.accessToken, params: { reference }, body: { reason: 'mine' } } as never);
    expect(answer.status).toBe(403);
  });
});

describe('no-shows (the lessons job)', () => {
  async function joined(bookingId: string, user: TestUser, role: 'moderator' | 'attendee') {
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: attendanceItem(bookingId, { userId: user.userId, name: 'Test User', role, joinedAt: new Date().toISOString() }) }));
  }

  it('the tutor never joined: the student is refunded in full, the tutor\'s record counts it, once', async () => {
    const { tutor, student, booking } = await paidThroughSandbox();
    await joined(booking.id, student, 'attendee');
    const startedAt = new Date(Date.now() - 2 * HOUR);
    await moveLesson(booking.id, startedAt.toISOString());
    // The run just after its end plus the grace (the job works on what came due since its last run).
    const settleAt = new Date(startedAt.getTime() + 76 * 60_000);
    await runJobAt('lessons', settleAt);
    const refunded = await refundedEventually(booking.id);
    expect(refunded).toMatchObject({ status: 'cancelled', noShow: 'tutor', cancellation: { by: 'system', refundDue: true } });
    await runJobAt('lessons', new Date(settleAt.getTime() + 5 * 60_000));
    expect(await getItem(`TUTOR#${tutor.userId}`, 'BOOKINGRECORD')).toMatchObject({ noShows: 1 });
  });

  it('the student never joined: the lesson counts as completed (the tutor is paid), once', async () => {
    const { tutor, booking } = await paidThroughSandbox();
    await joined(booking.id, tutor, 'moderator');
    const startedAt = new Date(Date.now() - 2 * HOUR);
    await moveLesson(booking.id, startedAt.toISOString());
    const settleAt = new Date(startedAt.getTime() + 76 * 60_000);
    await runJobAt('lessons', settleAt);
    expect(await stored(booking.id)).toMatchObject({ status: 'completed', noShow: 'student', paymentStatus: 'paid' });
    await runJobAt('lessons', new Date(settleAt.getTime() + 5 * 60_000));
    expect(await stored(booking.id)).toMatchObject({ status: 'completed', noShow: 'student' });
    expect(await getItem(`PAYMENT#${(await stored(booking.id) as unknown as { paymentReference: string }).paymentReference}`, 'REFUND')).toBeUndefined();
    // The tutor is paid as for a lesson taught: their share after the platform's 15 % fee, once the ledger has it.
    // The ledger consumer posts it from PaymentConfirmed; in the full suite its queue can lag.
    await expect.poll(async () => (await expectOk(callApi('tutorStats', { token: tutor.accessToken }), 'stats')).totalEarnings, { timeout: 60_000 })
      .toBe((booking.amountMinor * 0.85) / 100);
  });
});
