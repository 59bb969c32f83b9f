/**
 * The super admin's transactions list: every payment newest first, paged with a
 * cursor bound to its filter, filtered by refund state, with payer and tutor names, and whether
 * Refund may be asked (the refund service's rule). A refund of a lesson not yet held cancels it.
 */
import { describe, expect, it } from 'vitest';
import { callApi, eventually, expectOk, sentEmails, signInDemoAdmin } from '../support/api.js';
import { freeStarts, getItem, moveLesson, paidLesson, paidThroughSandbox, waitUntilDone } from '../support/fixtures.js';

describe('GET /api/admin/transactions', () => {
  it('pages newest first without repeats, filters by refund state, and refuses a cursor of another filter', async () => {
    const older = await paidLesson();
    const refunded = await paidThroughSandbox();
    const newest = await paidLesson();
    const admin = await signInDemoAdmin();
    const list = (query: Record<string, unknown>) => expectOk(callApi('adminTransactions', { token: admin.accessToken, query } as never), 'transactions');

    const first = await list({ limit: 2 });
    expect(first.transactions).toHaveLength(2);
    expect(first.nextCursor).toBeDefined();
    const second = await list({ limit: 2, cursor: first.nextCursor });
    const ids = [...first.transactions, ...second.transactions].map((t) => t.id);
    expect(new Set(ids).size).toBe(4);
    const dates = [...first.transactions, ...second.transactions].map((t) => t.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first.transactions.find((t) => t.bookingId === newest.booking.id)).toMatchObject({
      payerName: 'Test User', tutorName: expect.stringContaining('User'), refundable: true,
      // What was paid for, by name rather than id.
      lessonSubject: 'Mathematics', lessonAt: newest.booking.scheduledAt,
    });

    await expectOk(callApi('refundTransaction', { token: admin.accessToken, params: { reference: refunded.reference }, body: { reason: 'Dispute' } }), 'refund');
    const refundedPage = await eventually(async () => {
      const page = await list({ limit: 50, status: 'refunded' });
      return page.transactions.some((t) => t.id === refunded.reference) ? page : undefined;
    }, 15_000);
    // Refunded whole, or (a weekly plan's instalment) one of its lessons refunded.
    expect(refundedPage.transactions.every((t) => t.refund?.status === 'processed' || t.lessonRefunds?.some((r) => r.status === 'processed'))).toBe(true);
    // Refunded once: Refund is no longer offered for it.
    expect(refundedPage.transactions.find((t) => t.id === refunded.reference)?.refundable).toBe(false);
    const paid = await list({ limit: 50, status: 'paid' });
    expect(paid.transactions.some((t) => t.id === refunded.reference)).toBe(false);
    expect(paid.transactions.every((t) => !t.refund && !t.lessonRefunds)).toBe(true);
    expect(paid.transactions.some((t) => t.bookingId === older.booking.id)).toBe(true);

    const otherList = await callApi('adminTransactions', { token: admin.accessToken, query: { limit: 2, status: 'paid', cursor: first.nextCursor } } as never);
    expect(otherList.status).toBe(400);
    expect((await callApi('adminTransactions', { token: admin.accessToken, query: { status: 'lost' } } as never)).status).toBe(400);
  });
});

describe('a super admin refunds a lesson not yet held', () => {
  const refundAsAdmin = async (reference: string, reason: string) => {
    const admin = await signInDemoAdmin();
    return callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason } });
  };
  const stored = async (bookingId: string) => (await getItem(`BOOKING#${bookingId}`, 'BOOKING'))!;

  it('cancels it in the same step: the hour is free again, both parties are told why, and neither can cancel it again', async () => {
    const { tutor, student, booking, reference } = await paidThroughSandbox();
    expect((await refundAsAdmin(reference, 'Dispute: the student asked support')).status).toBe(200);

    expect(await stored(booking.id)).toMatchObject({
      status: 'cancelled', paymentStatus: 'paid',
      cancellation: { by: 'system', reason: 'Refunded by support', refundDue: true },
      refund: { amountMinor: booking.amountMinor },
    });
    expect(await getItem(`TUTOR#${tutor.userId}`, `LOCK#${booking.scheduledAt}`)).toBeUndefined();
    expect(await freeStarts(tutor.userId)).toContain(booking.scheduledAt);
    for (const user of [student, tutor]) {
      const again = await callApi('cancelBooking', { token: user.accessToken, params: { bookingId: booking.id }, body: {} });
      expect([again.status, again.error?.code]).toEqual([409, 'already_cancelled']);
    }

    await waitUntilDone(`booking-cancelled#${booking.id}#student`);
    await waitUntilDone(`booking-cancelled#${booking.id}#tutor`);
    const mails = (await sentEmails()).filter((m) => m.subject.startsWith('Cancelled:')
      && [student.email, tutor.email].some((to) => m.destinations.ToAddresses.includes(to)) && m.body.includes('support team refunded'));
    expect(mails).toHaveLength(2);
    // The admin's own reason is for the audit trail, not for the parties.
    expect(mails.every((m) => !m.body.includes('Dispute'))).toBe(true);

    await eventually(async () => (await stored(booking.id)).paymentStatus === 'refunded', 15_000);
  });

  it('a lesson already under way is refunded without being cancelled (that is a dispute\'s outcome)', async () => {
    const { booking, reference } = await paidThroughSandbox();
    await moveLesson(booking.id, new Date(Date.now() - 10 * 60_000).toISOString());
    expect((await refundAsAdmin(reference, 'Dispute: the link did not work')).status).toBe(200);
    const after = await stored(booking.id);
    expect(after.status).toBe('confirmed');
    expect(after.cancellation).toBeUndefined();
    expect(after.refund).toBeDefined();
  });
});
