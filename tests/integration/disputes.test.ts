/**
 * Disputes against the emulator and the Paystack sandbox: a student reports a problem with a
 * taught lesson (and every refusal), the hold keeps ledger-release from paying the tutor, the
 * super admin's open list (attendance, events, paging), each decision's effect on the ledger (a
 * partial refund split in proportion through the sandbox's real refund webhooks, a full refund, a
 * release), a double click deciding once, both parties' e-mails, and the admin's refund of a
 * taught lesson recorded as a dispute.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { entryId } from '../../functions/ledger/keys.js';
import { api, callApi, createUser, eventually, expectOk, sentEmails, signInDemoAdmin, type TestUser } from '../support/api.js';
import { getItem, moveLesson, paidThroughSandbox, setAttributes } from '../support/fixtures.js';
import { runJobAt, useStackEnvironment } from '../support/jobs.js';

const HOUR = 3_600_000;
beforeAll(() => useStackEnvironment());

const entry = (kind: Parameters<typeof entryId>[0], reference: string) => getItem(`LEDGER#ENTRY#${entryId(kind, reference)}`, 'ENTRY');
const entryEventually = (kind: Parameters<typeof entryId>[0], reference: string) => eventually(() => entry(kind, reference), 15_000);
const earnings = (tutor: TestUser) => expectOk(callApi('getMyLedger', { token: tutor.accessToken }), 'earnings');
const sourceOf = (reference: string) => getItem(`LEDGER#PAYMENT#${reference}`, 'SOURCE');
const report = (student: TestUser, bookingId: string, body: Record<string, unknown> = { reason: 'tutor_absent' }) =>
  callApi('reportProblem', { token: student.accessToken, params: { bookingId }, body: body as never });
const decide = async (bookingId: string, body: Record<string, unknown>) => {
  const admin = await signInDemoAdmin();
  return callApi('decideDispute', { token: admin.accessToken, params: { bookingId }, body: body as never });
};

/** A lesson paid through the sandbox and taught: the tutor ended it at `at` (now, after the payment). */
async function taughtLesson(at?: Date) {
  const paid = await paidThroughSandbox();
  await entryEventually('payment', paid.reference);
  expect(await completeLesson(paid.booking.id, 'ended_by_tutor', at ?? new Date())).toBe(true);
  await entryEventually('earned', paid.reference);
  return paid;
}

describe('reporting a problem with a lesson', () => {
  it('the student reports a taught lesson once; its earnings are held; they see it open', async () => {
    const { student, tutor, booking, reference } = await taughtLesson();
    const answer = await report(student, booking.id, { reason: 'ended_early', details: 'It ended after 20 minutes' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ dispute: { bookingId: booking.id, reason: 'ended_early', status: 'open', paidMinor: 150_000 } });
    expect(await sourceOf(reference)).toMatchObject({ stage: 'pending', hold: `dispute#${booking.id}` });
    expect((await sourceOf(reference))!.gsi1pk).toBeUndefined();

    const again = await report(student, booking.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: 'A problem with this lesson has already been reported.' } });
    expect((await report(tutor, booking.id)).status).toBe(403);
    expect((await report(await createUser('student'), booking.id)).status).toBe(403);

    const mine = await expectOk(callApi('listMyDisputes', { token: student.accessToken }), 'my disputes');
    expect(mine.disputes).toEqual([expect.objectContaining({ bookingId: booking.id, status: 'open', details: 'It ended after 20 minutes' })]);
  });

  it('refuses a lesson not taught yet, one after 24 hours, an unknown booking and "other" without a description', async () => {
    const paid = await paidThroughSandbox();
    const early = await report(paid.student, paid.booking.id);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ error: { message: 'You can report a problem once the lesson has taken place.' } });

    const other = await report(paid.student, paid.booking.id, { reason: 'other' });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ error: { message: 'Please describe the problem' } });
    expect((await report(paid.student, randomUUID())).status).toBe(404);

    // Taught two days ago: the window closed 24 hours after its end.
    const late = await taughtLesson();
    const start = new Date(Date.now() - 50 * HOUR).toISOString();
    await moveLesson(late.booking.id, start);
    await setAttributes(`BOOKING#${late.booking.id}`, 'BOOKING', { completedAt: new Date(Date.parse(start) + HOUR).toISOString() });
    const closed = await report(late.student, late.booking.id);
    expect(closed.status).toBe(422);
    expect(closed.body).toMatchObject({ error: { message: 'Problems can be reported within 24 hours of the end of the lesson.' } });
  });

  it('is answered in Kiswahili when asked', async () => {
    const paid = await paidThroughSandbox();
    const answer = await api(`/api/bookings/${paid.booking.id}/problem`, {
      method: 'POST', token: paid.student.accessToken, body: { reason: 'tutor_absent' }, headers: { 'accept-language': 'sw' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: { message: 'Unaweza kuripoti tatizo baada ya somo kufanyika.' } });
  });
});

describe('the super admin\'s open disputes', () => {
  it('lists them oldest first with the room\'s attendance and the lesson\'s events, a page at a time; students may not', async () => {
    const first = await taughtLesson();
    await report(first.student, first.booking.id, { reason: 'poor_connection' });
    const second = await taughtLesson();
    await report(second.student, second.booking.id, { reason: 'tutor_absent' });
    const admin = await signInDemoAdmin();

    const seen: Array<{ bookingId: string; events: Array<{ kind: string }>; attendance: unknown[] }> = [];
    let cursor: string | undefined;
    do {
      const page = await expectOk(callApi('listOpenDisputes', { token: admin.accessToken, query: { limit: 1, ...(cursor ? { cursor } : {}) } }), 'open disputes');
      expect(page.disputes.length).toBeLessThanOrEqual(1);
      seen.push(...page.disputes);
      cursor = page.nextCursor;
    } while (cursor);
    const ids = seen.map((d) => d.bookingId);
    expect(ids.indexOf(first.booking.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.booking.id)).toBeLessThan(ids.indexOf(second.booking.id));
    const listed = seen.find((d) => d.bookingId === first.booking.id)!;
    expect(listed).toMatchObject({ reason: 'poor_connection', student: { id: first.student.userId }, tutor: { id: first.tutor.userId }, attendance: [] });
    expect(listed.events.map((e) => e.kind)).toEqual(['booked', 'paid', 'completed', 'reported']);

    expect((await callApi('listOpenDisputes', { token: first.student.accessToken, query: {} })).status).toBe(403);
  });
});

describe('decisions and the ledger', () => {
  it('held earnings are not released by ledger-release; a release lets them follow the window', async () => {
    const completedAt = new Date();
    const { student, tutor, booking, reference } = await taughtLesson(completedAt);
    await report(student, booking.id);
    await runJobAt('ledger-release', new Date(completedAt.getTime() + 49 * HOUR));
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 127_500, availableMinor: 0 });

    const released = await decide(booking.id, { outcome: 'release', note: 'The tutor was there; the recording shows it.' });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ dispute: { status: 'released', decision: { outcome: 'release', note: 'The tutor was there; the recording shows it.' } } });
    expect(await sourceOf(reference)).toMatchObject({ stage: 'pending' });
    expect((await sourceOf(reference))!.hold).toBeUndefined();
    await runJobAt('ledger-release', new Date(completedAt.getTime() + 49 * HOUR));
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 127_500 });

    // Decided: another decision is refused, and both parties were told in their e-mail.
    expect((await decide(booking.id, { outcome: 'full_refund', note: 'Changed my mind' })).status).toBe(409);
    const studentEmail = (await eventually(async () => (await sentEmails()).find((m) => m.destinations.ToAddresses.includes(student.email) && /Decision on the problem/.test(m.subject)), 15_000));
    expect(studentEmail.body).toContain('The team\'s note: The tutor was there; the recording shows it.');
    await eventually(async () => (await sentEmails()).some((m) => m.destinations.ToAddresses.includes(tutor.email) && /Decision on the problem/.test(m.subject)), 15_000);
  });

  it('a partial refund goes back through Paystack once, however often it is clicked, and splits the earnings in proportion', async () => {
    const completedAt = new Date();
    const { student, tutor, booking, reference } = await taughtLesson(completedAt);
    await report(student, booking.id);

    expect((await decide(booking.id, { outcome: 'partial_refund', amountKsh: 1500.5, note: 'Too much' })).status).toBe(422);
    const body = { outcome: 'partial_refund', amountKsh: 500, note: 'The lesson ended 20 minutes early.' };
    const answers = await Promise.all([decide(booking.id, body), decide(booking.id, body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toMatchObject({ dispute: { status: 'refunded', decision: { outcome: 'partial_refund', refundMinor: 50_000 } } });

    expect(await entryEventually('refund', reference)).toMatchObject({
      postings: [{ account: 'tutor_pending', amountMinor: -42_500 }, { account: 'platform_revenue', amountMinor: -7_500 }, { account: 'refunds', amountMinor: 50_000 }],
    });
    expect(await getItem(`PAYMENT#${reference}`, 'REFUND')).toMatchObject({ amountMinor: 50_000, partial: true });
    await eventually(async () => (await getItem(`PAYMENT#${reference}`, 'REFUND'))?.status === 'processed');
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 85_000, availableMinor: 0 });
    // What is left follows the usual path once the window is over.
    await runJobAt('ledger-release', new Date(completedAt.getTime() + 49 * HOUR));
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 85_000 });

    const mine = await expectOk(callApi('listMyDisputes', { token: student.accessToken }), 'my disputes');
    expect(mine.disputes[0]).toMatchObject({ status: 'refunded', decision: { outcome: 'partial_refund', refundMinor: 50_000, note: 'The lesson ended 20 minutes early.' } });
  });

  it('a full refund takes back the tutor\'s share and the fee', async () => {
    const { student, tutor, booking, reference } = await taughtLesson();
    await report(student, booking.id);
    expect((await decide(booking.id, { outcome: 'full_refund', note: 'The tutor did not come.' })).status).toBe(200);
    expect(await entryEventually('refund', reference)).toMatchObject({
      postings: [{ account: 'tutor_pending', amountMinor: -127_500 }, { account: 'platform_revenue', amountMinor: -22_500 }, { account: 'refunds', amountMinor: 150_000 }],
    });
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 0, availableMinor: 0 });
    expect(await sourceOf(reference)).toMatchObject({ stage: 'refunded' });
  });

  it('refuses an unknown dispute (404) and students (403)', async () => {
    expect((await decide(randomUUID(), { outcome: 'release', note: 'Nothing here' })).status).toBe(404);
    const student = await createUser('student');
    expect((await callApi('decideDispute', { token: student.accessToken, params: { bookingId: randomUUID() }, body: { outcome: 'release', note: 'Mine' } })).status).toBe(403);
  });
});

describe('an admin\'s refund of a taught lesson', () => {
  it('is recorded as a dispute decided at once, with the reason as its note', async () => {
    const { student, tutor, booking, reference } = await taughtLesson();
    const admin = await signInDemoAdmin();
    const refunded = await callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'The student wrote to support: no lesson' } });
    expect(refunded.status).toBe(200);
    expect(await entryEventually('refund', reference)).toMatchObject({ postings: [{ account: 'tutor_pending', amountMinor: -127_500 }, expect.anything(), expect.anything()] });
    expect(await earnings(tutor)).toMatchObject({ pendingMinor: 0 });
    const mine = await expectOk(callApi('listMyDisputes', { token: student.accessToken }), 'my disputes');
    expect(mine.disputes).toEqual([expect.objectContaining({
      bookingId: booking.id, reportedBy: 'admin', status: 'refunded', decision: expect.objectContaining({ outcome: 'full_refund', refundMinor: 150_000, note: 'The student wrote to support: no lesson' }),
    })]);
    // A second refund, or a report afterwards, is refused.
    expect((await callApi('refundTransaction', { token: admin.accessToken, params: { reference }, body: { reason: 'Again' } })).status).toBe(409);
    expect((await report(student, booking.id)).status).toBe(409);
  });
});
