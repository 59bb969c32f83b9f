/**
 * Refunds of single lessons of a weekly plan's instalment (one Paystack payment paid several
 * lessons), against the emulators and the Paystack sandbox: each cancelled lesson gets its own
 * share back, once; the refunds of one payment are asked of Paystack one after the other (its
 * webhooks name only the payment); a replayed report moves no money; a failed refund frees the
 * payment's lane for the next; a waiting refund whose turn a crash skipped is asked by the
 * refunds-due job; the ledger takes each share out of the lessons' held money.
 */
import { createHmac } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { api, callApi, createUser, eventually, expectOk, signInDemoAdmin, stack, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidFirstInstalmentByCard, postWebhook, table, weeklyPlan, type WeeklyPlan } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

type Lesson = { id: string; status: string; paymentStatus: string; refund?: { status: string; amountMinor: number } };

/** A weekly plan with its first instalment paid by card in the sandbox (Paystack holds the money). */
async function paidPlan(): Promise<{ student: TestUser; plan: WeeklyPlan; reference: string; lessonMinor: number; lessons: string[] }> {
  const [tutor, student] = await Promise.all([bookableTutor({ hourlyRate: 1500 }), createUser('student')]);
  const plan = await weeklyPlan(student, tutor.userId);
  const reference = await paidFirstInstalmentByCard(student, plan.id);
  // The lessons after the first (it may be inside the 24 hours, where a cancel keeps the payment).
  const lessons = plan.instalments[0]!.bookingIds.slice(1);
  expect(lessons.length).toBeGreaterThanOrEqual(2);
  return { student, plan, reference, lessonMinor: Math.round(plan.pricePerLesson * 100), lessons };
}

const cancel = (user: TestUser, bookingId: string) =>
  expectOk(callApi('cancelBooking', { token: user.accessToken, params: { bookingId }, body: { reason: 'Travelling' } }), `cancel ${bookingId}`);
const lessonRefund = (reference: string, bookingId: string) => getItem(`PAYMENT#${reference}`, `REFUND#${bookingId}`);
const lane = (reference: string) => getItem(`PAYMENT#${reference}`, 'REFUNDLANE');
async function sandboxRefunds(reference: string): Promise<Array<{ amount: number; status: string; refund_reference: string; createdAt: string }>> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as {
    transactions: { reference: string; refunds: Array<{ amount: number; status: string; refundReference: string; createdAt: string }> }[];
  };
  return (debug.transactions.find((t) => t.reference === reference)?.refunds ?? [])
    .map((r) => ({ amount: r.amount, status: r.status, refund_reference: r.refundReference, createdAt: r.createdAt }));
}
const processed = (reference: string, bookingId: string) =>
  eventually(async () => { const r = await lessonRefund(reference, bookingId); return r?.status === 'processed' ? r : undefined; }, 20_000);
function refundWebhook(event: 'processed' | 'failed', reference: string, amountMinor: number, refundReference: string) {
  const body = JSON.stringify({ event: `refund.${event}`, data: { status: event, transaction_reference: reference, refund_reference: refundReference, amount: String(amountMinor), currency: 'KES' } });
  return { body, signature: createHmac('sha512', LOCAL_PAYSTACK_SECRET_KEY).update(body).digest('hex') };
}
/** The payment's refund lane as if `bookingId`'s refund were at Paystack. */
async function holdLane(reference: string, bookingId: string): Promise<void> {
  const { doc, name } = table();
  await doc.send(new PutCommand({ TableName: name, Item: { pk: `PAYMENT#${reference}`, sk: 'REFUNDLANE', entity: 'RefundLane', inFlight: bookingId, since: new Date().toISOString() } }));
}
/** The payment in the super admin's list (or the list under one refund filter), newest first, paging until it is found. */
async function listed(adminToken: string, reference: string, status?: 'paid' | 'refund_pending' | 'refunded' | 'refund_failed') {
  let cursor: string | undefined;
  for (let page = 0; page < 40; page++) {
    const query = { limit: 50, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) };
    const { transactions, nextCursor } = await expectOk(callApi('adminTransactions', { token: adminToken, query } as never), 'transactions');
    const found = transactions.find((t) => t.id === reference);
    if (found) return found;
    if (!nextCursor) break;
    cursor = nextCursor;
  }
  return undefined;
}
async function findTransaction(adminToken: string, reference: string) {
  const found = await listed(adminToken, reference);
  if (!found) throw new Error(`${reference} is not in the transactions list`);
  return found;
}
/** Under which of the list's refund filters the payment appears. */
async function filtersListing(adminToken: string, reference: string) {
  const filters = ['paid', 'refund_pending', 'refunded', 'refund_failed'] as const;
  const found = await Promise.all(filters.map((status) => listed(adminToken, reference, status)));
  return filters.filter((_, i) => found[i]);
}
const myBookings = async (student: TestUser) => (await api<{ bookings: Lesson[] }>('/api/bookings', { token: student.accessToken })).body.bookings;

describe('refunding single lessons of a weekly plan\'s instalment', () => {
  it('two cancelled lessons get two refunds of their share, asked of Paystack one after the other; the ledger releases each share; cancelling again refunds nothing more', async () => {
    const { student, reference, lessonMinor, lessons: [a, b] } = await paidPlan();
    await cancel(student, a!);
    await cancel(student, b!);
    const [first, second] = [await processed(reference, a!), await processed(reference, b!)];
    expect(first).toMatchObject({ amountMinor: lessonMinor, bookingId: a, status: 'processed' });
    expect(second).toMatchObject({ amountMinor: lessonMinor, bookingId: b, status: 'processed' });
    expect(first.refundReference).not.toBe(second.refundReference);

    // Paystack was asked twice, for one share each, the second only after the first was processed.
    const atPaystack = await sandboxRefunds(reference);
    expect(atPaystack.map((r) => r.amount)).toEqual([lessonMinor, lessonMinor]);
    expect(Date.parse(atPaystack[1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(first.processedAt as string));
    expect((await lane(reference))?.inFlight).toBeUndefined();

    // The family sees each lesson refunded, as for a single booking; the other lessons stay paid.
    const seen = await myBookings(student);
    for (const id of [a, b]) expect(seen.find((l) => l.id === id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', refund: { status: 'processed', amountMinor: lessonMinor } });

    // The ledger: each share leaves the lessons' held money once.
    for (const id of [a, b]) {
      const entry = await eventually(() => getItem(`LEDGER#ENTRY#refund#${reference}/${id}`, 'ENTRY'), 15_000);
      expect(entry).toMatchObject({ postings: [{ account: 'lessons_held', amountMinor: -lessonMinor }, { account: 'refunds', amountMinor: lessonMinor }] });
      expect(await getItem(`LEDGER#PAYMENT#${reference}/${id}`, 'SOURCE')).toMatchObject({ stage: 'refunded', refundedMinor: lessonMinor });
    }

    // Cancelling the same lesson again is refused and asks nothing more.
    const again = await callApi('cancelBooking', { token: student.accessToken, params: { bookingId: a! }, body: {} });
    expect(again.status).toBe(409);
    expect(await sandboxRefunds(reference)).toHaveLength(2);

    // The super admin's transactions list shows the instalment with both lessons' refunds under it.
    const admin = await signInDemoAdmin();
    const listed = await findTransaction(admin.accessToken, reference);
    expect(listed.planId).toBeDefined();
    expect(listed.refund).toBeUndefined();
    // Refunded lesson by lesson, never whole: the list offers no Refund (the server would refuse it).
    expect(listed.refundable).toBe(false);
    expect(listed.lessonRefunds).toEqual([
      expect.objectContaining({ bookingId: a, amount: lessonMinor / 100, status: 'processed', reason: expect.any(String), processedAt: expect.any(String) }),
      expect.objectContaining({ bookingId: b, amount: lessonMinor / 100, status: 'processed' }),
    ]);
    // The Refunded filter finds it by its lessons' refunds; it is no longer merely Paid.
    expect(await filtersListing(admin.accessToken, reference)).toEqual(['refunded']);
  });

  it('a replayed "processed" report moves no money; a report for a refund we never asked changes nothing', async () => {
    const { student, reference, lessonMinor, lessons: [a] } = await paidPlan();
    await cancel(student, a!);
    const done = await processed(reference, a!);
    const entry = await eventually(() => getItem(`LEDGER#ENTRY#refund#${reference}/${a}`, 'ENTRY'), 15_000);
    const source = await getItem(`LEDGER#PAYMENT#${reference}/${a}`, 'SOURCE');

    const replay = refundWebhook('processed', reference, lessonMinor, done.refundReference as string);
    for (let i = 0; i < 2; i++) expect(await postWebhook(replay.body, replay.signature)).toMatchObject({ status: 200, body: { outcome: 'refund_unchanged' } });
    // Another refund reference with nothing in flight: not one of ours, nothing moves.
    const stranger = refundWebhook('processed', reference, lessonMinor, 'RF_not_ours');
    expect((await postWebhook(stranger.body, stranger.signature)).body?.outcome).toBe('refund_unchanged');

    expect(await lessonRefund(reference, a!)).toMatchObject({ status: 'processed', processedAt: done.processedAt });
    expect(await getItem(`LEDGER#PAYMENT#${reference}/${a}`, 'SOURCE')).toEqual(source);
    expect(await getItem(`LEDGER#ENTRY#refund#${reference}/${a}`, 'ENTRY')).toEqual(entry);
    expect(await sandboxRefunds(reference)).toHaveLength(1);
  });

  it('a refund Paystack fails frees the payment\'s lane and the next waiting refund is asked', async () => {
    const { student, reference, lessonMinor, lessons: [a, b] } = await paidPlan();
    // As if lesson a's refund were already asked and Paystack had not answered yet: it holds the lane.
    await holdLane(reference, a!);
    await cancel(student, a!);
    await cancel(student, b!);
    expect(await lessonRefund(reference, b!)).toMatchObject({ status: 'requested' });
    expect((await myBookings(student)).find((l) => l.id === b)).toMatchObject({ refund: { status: 'pending', amountMinor: lessonMinor } });
    expect(await sandboxRefunds(reference)).toHaveLength(0);
    const admin = await signInDemoAdmin();
    expect(await filtersListing(admin.accessToken, reference)).toEqual(['refund_pending']);

    const failed = refundWebhook('failed', reference, lessonMinor, 'RF_failed_a');
    expect((await postWebhook(failed.body, failed.signature)).body?.outcome).toBe('refund_failed');
    expect(await lessonRefund(reference, a!)).toMatchObject({ status: 'failed', refundReference: 'RF_failed_a' });
    expect((await myBookings(student)).find((l) => l.id === a)).toMatchObject({ refund: { status: 'failed' } });
    // b was asked by the same webhook and goes through; a's failed share never entered the ledger.
    await processed(reference, b!);
    expect((await sandboxRefunds(reference)).map((r) => r.amount)).toEqual([lessonMinor]);
    expect(await getItem(`LEDGER#ENTRY#refund#${reference}/${a}`, 'ENTRY')).toBeUndefined();
    expect(await getItem(`LEDGER#PAYMENT#${reference}/${a}`, 'SOURCE')).toMatchObject({ stage: 'held' });
    // One lesson's refund failed, the other's went through: the instalment is under both filters.
    expect(await filtersListing(admin.accessToken, reference)).toEqual(['refunded', 'refund_failed']);
  });

  it('a refund whose asker died holding the lane is asked by the refunds-due job once the lane is stuck, and only once', async () => {
    const { student, reference, lessonMinor, lessons: [a] } = await paidPlan();
    // The lane taken for this lesson's refund, then the process died before it asked Paystack.
    await holdLane(reference, a!);
    await cancel(student, a!);
    expect(await lessonRefund(reference, a!)).toMatchObject({ status: 'requested' });
    // Ten minutes on, the asker might still be running: nothing is asked.
    await runJobAt('refunds-due', new Date(Date.now() + 10 * 60_000));
    expect(await sandboxRefunds(reference)).toHaveLength(0);
    // Twenty minutes on, Paystack has no refund of it: asked now, and it goes through.
    await runJobAt('refunds-due', new Date(Date.now() + 20 * 60_000));
    await processed(reference, a!);
    expect(await lane(reference)).not.toHaveProperty('inFlight');
    await runJobAt('refunds-due', new Date(Date.now() + 40 * 60_000));
    expect((await sandboxRefunds(reference)).map((r) => r.amount)).toEqual([lessonMinor]);
  });

  it('a waiting refund whose turn a crash skipped is asked by the refunds-due job, once', async () => {
    const { student, reference, lessonMinor, lessons: [a] } = await paidPlan();
    await holdLane(reference, 'gone');
    await cancel(student, a!);
    expect(await lessonRefund(reference, a!)).toMatchObject({ status: 'requested' });
    // Its marker stays until Paystack is asked.
    expect(await getItem(`BOOKING#${a}`, `REFUNDDUE#${reference}`)).toBeDefined();
    // The lane was freed, and the process died before it asked the next.
    const { doc, name } = table();
    await doc.send(new UpdateCommand({ TableName: name, Key: { pk: `PAYMENT#${reference}`, sk: 'REFUNDLANE' }, UpdateExpression: 'REMOVE inFlight, since' }));

    await runJobAt('refunds-due', new Date(Date.now() + 10 * 60_000));
    await processed(reference, a!);
    expect(await getItem(`BOOKING#${a}`, `REFUNDDUE#${reference}`)).toBeUndefined();
    await runJobAt('refunds-due', new Date(Date.now() + 20 * 60_000));
    expect((await sandboxRefunds(reference)).map((r) => r.amount)).toEqual([lessonMinor]);
  });
});
