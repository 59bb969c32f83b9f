import { describe, expect, it } from 'vitest';
import { paymentMessages } from '../../functions/bookings/contract.js';
import { api, createUser, eventually, sentEmails, type TestUser } from '../support/api.js';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { book, bookableTutor, expireHold, freeStarts, getItem, paystackWebhook, postWebhook, setAttributes, table, waitUntilDone } from '../support/fixtures.js';
import { platformCounters } from '../support/stats.js';

async function unpaidBooking(options: { rate?: number } = {}) {
  const tutor = await bookableTutor({ hourlyRate: options.rate ?? 1500 });
  const student = await createUser('student');
  const [start] = await freeStarts(tutor.userId);
  const { booking } = (await book(student, tutor.userId, start!)).body;
  return { tutor, student, booking };
}

const initialize = (student: TestUser, bookingId: string) =>
  api('/api/payments/initialize', { method: 'POST', token: student.accessToken, body: { bookingId } });

/** Pays in the sandbox's checkout as a payer would (form post), without following the redirect. */
async function checkout(authorizationUrl: string, channel: 'card' | 'mobile_money', outcome: 'success' | 'failed') {
  const res = await fetch(authorizationUrl, {
    method: 'POST', redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ channel, outcome }).toString(),
  });
  return { status: res.status, location: res.headers.get('location') ?? '' };
}

const revenue = async () => (await platformCounters()).revenueMinor ?? 0;

describe('POST /api/payments/initialize', () => {
  it("starts a payment for the booking's amount, for the booking's student only", async () => {
    const { student, booking } = await unpaidBooking({ rate: 2000 });
    const res = await initialize(student, booking.id);
    expect(res.status).toBe(200);
    expect(res.body.authorizationUrl).toMatch(/\/checkout\//);
    const page = await (await fetch(res.body.authorizationUrl)).text();
    expect(page).toContain('KES 2,000.00');
    expect((await getItem(`PAYMENT#${res.body.reference}`, 'PAYMENT'))).toMatchObject({ amountMinor: 200_000, bookingId: booking.id, status: 'initialized' });

    const stranger = await createUser('student');
    expect((await initialize(stranger, booking.id)).status).toBe(403);
    expect((await api('/api/payments/initialize', { method: 'POST', token: student.accessToken, body: { bookingId: 'nope' } })).status).toBe(404);
  });
});

describe('POST /api/payments/initialize for a cancelled booking', () => {
  it('is refused with 409 and why, before any provider call: no attempt, no checkout', async () => {
    const { student, booking } = await unpaidBooking();
    const cancelled = await api(`/api/bookings/${booking.id}/cancel`, { method: 'POST', token: student.accessToken, body: {} });
    expect(cancelled.status).toBe(200);
    const refused = await initialize(student, booking.id);
    expect([refused.status, refused.body.error]).toEqual([409, { code: 'booking_cancelled', message: paymentMessages.bookingCancelled }]);
    expect(await attemptsOf(booking.id)).toEqual([]);
    const inSwahili = await api('/api/payments/initialize', { method: 'POST', token: student.accessToken, body: { bookingId: booking.id }, headers: { 'accept-language': 'sw' } });
    expect(inSwahili.body.error.message).toBe('Nafasi hii imeghairiwa, kwa hiyo haiwezi kulipiwa tena. Tafadhali weka nafasi tena.');
  });
});

/** Every payment attempt of a booking (a test may Scan; request paths never do). */
async function attemptsOf(bookingId: string) {
  const { doc, name } = table();
  const out = await doc.send(new ScanCommand({
    TableName: name, FilterExpression: 'entity = :e AND bookingId = :b',
    ExpressionAttributeValues: { ':e': 'PaymentAttempt', ':b': bookingId },
  }));
  return out.Items ?? [];
}

describe('POST /api/payments/initialize when it cannot start', () => {
  it('writes no attempt when the provider refuses, and answers with the error shape', async () => {
    const { student, booking } = await unpaidBooking();
    // Paystack refuses an e-mail it cannot read; older profiles may hold one.
    await setAttributes(`USER#${student.userId}`, 'PROFILE', { email: 'not-an-email' });
    const res = await initialize(student, booking.id);
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({ code: 'payment_provider_failed', message: paymentMessages.initializeFailed });
    expect(await attemptsOf(booking.id)).toEqual([]);
    expect((await getItem(`BOOKING#${booking.id}`, 'BOOKING'))!.paymentReference).toBeUndefined();
  });

  it('refuses a booking whose amount is not payable (older data: KSh 0) before calling the provider', async () => {
    const { student, booking } = await unpaidBooking();
    await setAttributes(`BOOKING#${booking.id}`, 'BOOKING', { hourlyRate: 0, totalAmount: 0, amountMinor: 0 });
    const res = await initialize(student, booking.id);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('amount_not_payable');
    expect(await attemptsOf(booking.id)).toEqual([]);
  });
});

describe('paying in the sandbox checkout (M-Pesa)', () => {
  it('confirms the booking by webhook, records one transaction and sends the confirmation e-mails', async () => {
    const { student, tutor, booking } = await unpaidBooking();
    const before = await revenue();
    const { authorizationUrl, reference } = (await initialize(student, booking.id)).body;
    const paid = await checkout(authorizationUrl, 'mobile_money', 'success');
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(new RegExp(`/payment-callback\\?trxref=${reference}&reference=${reference}$`));

    const after = (await api(`/api/bookings/${booking.id}`, { token: student.accessToken })).body.booking;
    expect(after).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', paymentReference: reference });
    expect(after.holdExpiresAt).toBeUndefined();
    expect(await getItem(`TXN#${reference}`, 'TXN')).toMatchObject({ bookingId: booking.id, amountMinor: 150_000, status: 'success', channel: 'mobile_money' });
    // Counted from PaymentConfirmed by the platform-stats consumer, outside the payment's transaction.
    await eventually(async () => await revenue() === before + 150_000, 15_000);

    const verify = await api('/api/payments/verify', { method: 'POST', token: student.accessToken, body: { reference } });
    // What was bought comes from the payment's own record and its booking, never from the URL.
    expect(verify.body).toEqual({
      status: 'success', paymentStatus: 'paid', bookingId: booking.id, message: paymentMessages.verified,
      summary: {
        reference, amountMinor: 150_000, currency: 'KES', tutorId: tutor.userId, tutorName: expect.stringMatching(/\S/), kind: 'lesson',
        subject: 'Mathematics', scheduledAt: booking.scheduledAt, durationMinutes: 60, paidAt: expect.stringMatching(/^\d{4}-/), canPayAgain: false,
      },
    });

    for (const who of ['student', 'tutor']) await waitUntilDone(`booking-confirmed#${booking.id}#${who}`);
    const mails = (await sentEmails()).filter((m) => /^(Booking confirmed|New booking)/.test(m.subject)
      && (m.destinations.ToAddresses.includes(student.email) || m.destinations.ToAddresses.includes(tutor.email)));
    expect(mails.map((m) => m.destinations.ToAddresses[0]).sort()).toEqual([student.email, tutor.email].sort());

    // A paid lesson ahead is upcoming, not yet taught: "Lessons taught 0" beside "No lessons yet";
    // the tutor earns their share once it is taught (the ledger).
    const stats = (await api('/api/tutor/stats', { token: tutor.accessToken })).body;
    expect(stats).toMatchObject({ totalEarnings: 0, monthlyEarnings: 0, totalSessions: 0, upcomingSessions: 1, pastSessions: 0, completionRate: 0 });
    expect(stats.earningsByMonth).toHaveLength(6);
  });

  it('a failed checkout leaves the booking unpaid and verify reports the failure', async () => {
    const { student, booking } = await unpaidBooking();
    const { authorizationUrl, reference } = (await initialize(student, booking.id)).body;
    expect((await checkout(authorizationUrl, 'card', 'failed')).status).toBe(303);
    const verify = await api('/api/payments/verify', { method: 'POST', token: student.accessToken, body: { reference } });
    expect(verify.body).toMatchObject({ status: 'failed', paymentStatus: 'failed', message: paymentMessages.failed });
    const after = (await api(`/api/bookings/${booking.id}`, { token: student.accessToken })).body.booking;
    expect(after.paymentStatus).toBe('failed');
    expect(after.status).toBe('pending');
    // The hold still runs: the payer may pay again; once it has run out, only booking again is left.
    expect(verify.body.summary).toMatchObject({ reference, kind: 'lesson', subject: 'Mathematics', amountMinor: 150_000, canPayAgain: true });
    await expireHold(booking.id);
    const later = await api('/api/payments/verify', { method: 'POST', token: student.accessToken, body: { reference } });
    expect(later.body.summary).toMatchObject({ reference, kind: 'lesson', canPayAgain: false });
  });
});

describe('POST /api/webhooks/paystack', () => {
  it('refuses a missing or wrong signature with 401 and changes nothing', async () => {
    const { student, booking } = await unpaidBooking();
    const { reference } = (await initialize(student, booking.id)).body;
    const hook = paystackWebhook({ reference, amount: booking.amountMinor });
    expect((await postWebhook(hook.body)).status).toBe(401);
    expect((await postWebhook(hook.body, paystackWebhook({ reference, amount: 1 }).signature)).status).toBe(401);
    expect((await postWebhook(hook.body, paystackWebhook({ reference, amount: booking.amountMinor }, 'sk_test_someone_else').signature)).status).toBe(401);
    const after = (await api(`/api/bookings/${booking.id}`, { token: student.accessToken })).body.booking;
    expect(after.paymentStatus).toBe('pending');
  });

  it('applies a valid charge.success once: a replay records and publishes nothing twice', async () => {
    const { student, booking } = await unpaidBooking();
    const before = await revenue();
    const { reference } = (await initialize(student, booking.id)).body;
    const hook = paystackWebhook({ reference, amount: booking.amountMinor });
    const first = await postWebhook(hook.body, hook.signature);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'confirmed' } });
    const replays = await Promise.all([1, 2, 3].map(() => postWebhook(hook.body, hook.signature)));
    for (const r of replays) expect(r.body?.outcome).toBe('already_confirmed');
    await eventually(async () => await revenue() === before + booking.amountMinor, 15_000);
    expect(await revenue()).toBe(before + booking.amountMinor);
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ status: 'success', eventPublished: true });
  });

  it('records but does not accept a payment whose amount or currency differs from the booking', async () => {
    const { student, booking } = await unpaidBooking();
    const { reference } = (await initialize(student, booking.id)).body;
    const low = paystackWebhook({ reference, amount: booking.amountMinor - 100 });
    expect((await postWebhook(low.body, low.signature)).body?.outcome).toBe('amount_mismatch');
    const usd = paystackWebhook({ reference, amount: booking.amountMinor, currency: 'USD' });
    expect((await postWebhook(usd.body, usd.signature)).body?.outcome).toBe('amount_mismatch');
    expect((await api(`/api/bookings/${booking.id}`, { token: student.accessToken })).body.booking.paymentStatus).toBe('pending');
    expect(await getItem(`PAYMENT#${reference}`, 'PAYMENT')).toMatchObject({ status: 'amount_mismatch', providerAmountMinor: booking.amountMinor });
    expect(await getItem(`TXN#${reference}`, 'TXN')).toBeUndefined();
  });

  it('acknowledges other events and unknown references without changing anything', async () => {
    const unknown = paystackWebhook({ reference: 'ALP-unknown-000', amount: 150_000 });
    expect((await postWebhook(unknown.body, unknown.signature)).body?.outcome).toBe('unknown_reference');
    const transfer = JSON.stringify({ event: 'transfer.success', data: { reference: 'T1', status: 'success', amount: 100, currency: 'KES' } });
    const { createHmac } = await import('node:crypto');
    const { LOCAL_PAYSTACK_SECRET_KEY } = await import('../../infra/local/sandboxes/secrets.js');
    const signature = createHmac('sha512', LOCAL_PAYSTACK_SECRET_KEY).update(transfer).digest('hex');
    // A transfer event for no payout of ours (payouts' webhooks share the route).
    expect((await postWebhook(transfer, signature)).body?.outcome).toBe('unknown_payout');
    const other = JSON.stringify({ event: 'customeridentification.success', data: { customer_code: 'CUS_1' } });
    expect((await postWebhook(other, createHmac('sha512', LOCAL_PAYSTACK_SECRET_KEY).update(other).digest('hex'))).body?.outcome).toBe('ignored');
  });
});
