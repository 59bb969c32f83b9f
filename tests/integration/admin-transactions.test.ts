/**
 * The super admin's transactions list: every payment newest first, paged with a
 * cursor bound to its filter, filtered by refund state, with payer and tutor names.
 */
import { describe, expect, it } from 'vitest';
import { callApi, eventually, expectOk, signInDemoAdmin } from '../support/api.js';
import { paidLesson, paidThroughSandbox } from '../support/fixtures.js';

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
      payerName: 'Test User', tutorName: expect.stringContaining('User'),
    });

    await expectOk(callApi('refundTransaction', { token: admin.accessToken, params: { reference: refunded.reference }, body: { reason: 'Dispute' } }), 'refund');
    const refundedPage = await eventually(async () => {
      const page = await list({ limit: 50, status: 'refunded' });
      return page.transactions.some((t) => t.id === refunded.reference) ? page : undefined;
    }, 15_000);
    expect(refundedPage.transactions.every((t) => t.refund?.status === 'processed')).toBe(true);
    const paid = await list({ limit: 50, status: 'paid' });
    expect(paid.transactions.some((t) => t.id === refunded.reference)).toBe(false);
    expect(paid.transactions.every((t) => !t.refund)).toBe(true);
    expect(paid.transactions.some((t) => t.bookingId === older.booking.id)).toBe(true);

    const otherList = await callApi('adminTransactions', { token: admin.accessToken, query: { limit: 2, status: 'paid', cursor: first.nextCursor } } as never);
    expect(otherList.status).toBe(400);
    expect((await callApi('adminTransactions', { token: admin.accessToken, query: { status: 'lost' } } as never)).status).toBe(400);
  });
});
